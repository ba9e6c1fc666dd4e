// The club's message to everyone with a ticket to its coming events (issue 31 item 8g): reached from the
// console's navigation, it says how many people it will reach before anything is sent, and asks first.
import { DEMO_PASSWORD, demo, expect, messages, test } from './fixtures';
import { noSeriousViolations } from './axe';

const sk = messages.sk;
const words = sk.notifications.announcements.organisation;

test('the console shows whom a message to all ticket holders will reach and asks before sending', async ({ page, signIn }) => {
  await signIn(demo.dunajOwner, DEMO_PASSWORD);
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const { audience } = await (await page.request.get(`/api/v1/organiser/organisations/${organisations[0].id}/announcements`)).json();
  expect(audience).toBeGreaterThan(0);

  await page.goto('/sk/organizator/podujatia');
  await page.getByRole('navigation', { name: sk.organiser.consoleNav }).getByRole('link', { name: sk.organiser.nav.announcements }).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/oznamenia$/);
  const panel = page.getByTestId('announcements');
  await expect(panel.getByRole('heading', { name: words.title })).toBeVisible();
  await expect(panel.getByTestId('announcement-audience')).toContainText(new Intl.NumberFormat('sk').format(audience));
  await noSeriousViolations(page);

  // Written in Slovak only, by keyboard; the confirmation names the count again, and cancelling sends nothing.
  await panel.getByLabel(sk.notifications.announcements.message.replace('{language}', sk.nav.languageNames.sk)).fill('Pokladňa je v sobotu otvorená od 9:00.');
  await panel.getByRole('button', { name: words.send }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: words.send });
  await expect(confirm).toContainText(new Intl.NumberFormat('sk').format(audience));
  await noSeriousViolations(page, { include: 'dialog' });
  await confirm.getByRole('button', { name: sk.notifications.announcements.cancel }).click();
  await expect(confirm).toBeHidden();
  const after = await (await page.request.get(`/api/v1/organiser/organisations/${organisations[0].id}/announcements`)).json();
  expect(after.announcements.filter((a: { message: { sk: string } }) => a.message.sk === 'Pokladňa je v sobotu otvorená od 9:00.')).toHaveLength(0);
});
