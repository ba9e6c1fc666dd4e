// The organiser's team and event images through the console, in Slovak: an owner invites a scanner by
// email who has an account, the invitee opens the mailed link, signs in there and lands on the scanner; the owner uploads
// a picture to an event's gallery and makes it the cover. axe on every screen of both.
import sharp from 'sharp';
import { expect, messages, test, uniqueEmail } from './fixtures';
import { noSeriousViolations } from './axe';

const o = messages.sk.organiser;
const OWNER = 'klub@fkdunaj.sk';

test('an owner invites someone who has an account: the link signs them in and accepts, and the scanner lands on the scanner', async ({ page, browser, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(OWNER);
  await page.goto('/sk/organizator/tim');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(o.team.title);
  await noSeriousViolations(page);

  // The invitee is a fan already, with an account of that address (not yet verified: the link proves it).
  const context = await browser.newContext({ locale: 'sk-SK', viewport: { width: 390, height: 844 } });
  const invitee = await context.newPage();
  const email = uniqueEmail('skener');
  const signup = await invitee.request.post('/api/v1/auth/signup', {
    data: { firstName: 'Peter', lastName: 'Skener', sex: 'male', dateOfBirth: '1990-02-02', email, password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  expect(signup.status()).toBe(200);
  // Signed out on this device.
  await context.clearCookies();

  await page.getByLabel(o.team.invite.email, { exact: true }).fill(email);
  await page.getByLabel(o.team.invite.role, { exact: true }).selectOption('scanner');
  await page.getByRole('button', { name: o.team.invite.submit }).click();
  await expect(page.getByText(o.team.invite.sent.replace('{email}', email))).toBeVisible();
  await expect(page.getByRole('button', { name: o.team.invitations.revokeLabel.replace('{email}', email) })).toBeVisible();

  await invitee.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = invitee.locator('article.mail[data-kind="org-invitation"]').first();
  await expect(mail.getByRole('heading')).toHaveText(o.invitation.mail.subject.replace('{organisation}', 'FK Dunaj Bratislava'));
  await mail.getByRole('link').first().click();
  await expect(invitee).toHaveURL(/\/sk\/organizator\/pozvanka\?token=/);
  await expect(invitee.getByText(o.invitation.lead.replace('{inviter}', 'Tomáš Kováč').replace('{organisation}', 'FK Dunaj Bratislava').replace('{role}', o.roles.scanner))).toBeVisible();
  // The address has an account: the page asks for its password only, the email fixed.
  await expect(invitee.getByRole('heading', { name: o.invitation.existingAccount.heading })).toBeVisible();
  await expect(invitee.getByLabel(messages.sk.auth.email, { exact: true })).toHaveValue(email);
  await expect(invitee.getByLabel(messages.sk.auth.email, { exact: true })).toHaveAttribute('readonly', '');
  await noSeriousViolations(invitee);
  await invitee.getByLabel(messages.sk.auth.password, { exact: true }).fill('correct-horse-1');
  await invitee.getByRole('button', { name: o.invitation.existingAccount.submit }).click();
  await expect(invitee).toHaveURL(/\/sk\/skener$/);
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText(messages.sk.scanner.title);
  await context.close();

  await page.reload();
  // This invitee's row (other tests invite into the same team meanwhile): a scanner now, the invitation gone.
  await expect(page.getByRole('row').filter({ hasText: email }).getByLabel(o.team.members.roleLabel.replace('{name}', 'Peter Skener'))).toHaveValue('scanner');
  await expect(page.getByRole('button', { name: o.team.invitations.revokeLabel.replace('{email}', email) })).toHaveCount(0);
});

test('an owner uploads a picture to an event’s gallery and makes it the cover', async ({ page, signIn }) => {
  await signIn(OWNER);
  // The event's id: the gate's list (every member may scan) names it.
  const scanList = await (await page.request.get('/api/v1/scan/events')).json();
  const event = scanList.events.find((e: { slug: string }) => e.slug === 'dunaj-bratislava-fc-kosice');
  await page.goto(`/sk/organizator/podujatia/${event.id}/obrazky`);
  await expect(page.getByRole('heading', { name: o.images.upload.heading })).toBeVisible();
  await noSeriousViolations(page);
  const before = await page.locator('ol > li').count();
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0b6e4f' } }).png().toBuffer();
  const upload = page.getByRole('button', { name: o.images.upload.submit });
  await expect(upload).toBeEnabled();
  await page.getByLabel(o.images.upload.file, { exact: true }).setInputFiles({ name: 'plagat.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel(o.images.upload.altSk, { exact: true }).fill('Plagát zápasu');
  await upload.click();
  await expect(page.getByText(o.images.upload.done)).toBeVisible();
  await expect(page.locator('ol > li')).toHaveCount(before + 1);
  await expect(page.locator('ol > li').last()).toContainText('Plagát zápasu');
  // A file that is no picture is refused at its field.
  await page.getByLabel(o.images.upload.file, { exact: true }).setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('no picture') });
  await upload.click();
  await expect(page.getByText(o.images.errors.type)).toBeVisible();

  await page.getByRole('button', { name: o.images.gallery.makeCoverLabel.replace('{n}', String(before + 1)) }).click();
  await expect(page.getByText(o.images.gallery.coverDone)).toBeVisible();
  await expect(page.locator('ol > li').first()).toContainText('Plagát zápasu');
  await expect(page.locator('ol > li').first()).toContainText(o.images.gallery.cover);
  // The fan's page shows it as its hero, served from /media.
  await page.goto('/sk/podujatia/dunaj-bratislava-fc-kosice');
  await expect(page.locator('img[alt="Plagát zápasu"]').first()).toBeVisible();
});

test('an organiser orders the gallery and edits a picture’s descriptions', async ({ page, signIn }) => {
  await signIn('festival@lukafest.sk');
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  const { venues } = await (await page.request.get(`/api/v1/organiser/venues?organisation=${organisations[0].id}`)).json();
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
  const headers = { 'x-xsrf-token': xsrf };
  const created = await page.request.post('/api/v1/organiser/events', {
    headers,
    data: { organisation: organisations[0].id, venueId: venues[0].id, category: 'festival', title: { sk: `Galéria ${Date.now()}` }, startsAt: new Date(Date.now() + 60 * 86_400_000).toISOString(), currency: 'EUR' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = (await created.json()).event.id;
  for (const [colour, alt] of [
    ['#0b6e4f', 'Prvý plagát'],
    ['#7c3aed', 'Druhý plagát'],
  ]) {
    const buffer = await sharp({ create: { width: 800, height: 400, channels: 3, background: colour } }).png().toBuffer();
    const answer = await page.request.post(`/api/v1/organiser/events/${eventId}/images`, { headers, multipart: { file: { name: 'plagat.png', mimeType: 'image/png', buffer }, altSk: alt } });
    expect(answer.status(), await answer.text()).toBe(201);
  }

  await page.goto(`/sk/organizator/podujatia/${eventId}/obrazky`);
  const pictures = page.locator('ol > li');
  await expect(pictures.first()).toContainText('Prvý plagát');
  await page.getByRole('button', { name: o.images.gallery.earlierLabel.replace('{n}', '2') }).click();
  await expect(page.getByText(o.images.gallery.moved)).toBeVisible();
  await expect(pictures.first()).toContainText('Druhý plagát');
  // The first picture was the cover, so the cover follows the first place.
  await expect(pictures.first()).toContainText(o.images.gallery.cover);

  await pictures.nth(1).getByText(o.images.gallery.editAlt.replace('{n}', '2')).click();
  await pictures.nth(1).getByLabel(o.images.gallery.altCsOf.replace('{n}', '2'), { exact: true }).fill('První plakát');
  await pictures.nth(1).getByRole('button', { name: o.images.gallery.altSave }).click();
  await expect(page.getByText(o.images.gallery.altSaved)).toBeVisible();
  await expect(pictures.nth(1).locator('dd[lang="cs"]')).toHaveText('První plakát');
  // A toast fading in or out is measured half transparent: checked once it is gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await noSeriousViolations(page);
});
