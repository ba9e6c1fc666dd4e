// Renders the demo event and venue artwork into public/images (committed; run again only to change the art).
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';

const W = 1600;
const H = 900;

const events = [
  ['dunaj-bratislava-fc-kosice', 'pitch', '#05603a', '#0b7a4b', 'FK DUNAJ – FC KOŠICE'],
  ['dunaj-bratislava-msk-zilina', 'pitch', '#05603a', '#facc15', 'FK DUNAJ – MŠK ŽILINA'],
  ['dunaj-bratislava-spartak-trnava', 'pitch', '#05603a', '#7f1d1d', 'FK DUNAJ – SPARTAK TRNAVA'],
  ['dunaj-bratislava-dac-dunajska-streda', 'pitch', '#05603a', '#1e3a8a', 'FK DUNAJ – DAC'],
  ['dunaj-bratislava-as-trencin', 'pitch', '#05603a', '#e5e7eb', 'FK DUNAJ – AS TRENČÍN'],
  ['dunaj-bratislava-slovan-liberec', 'pitch', '#05603a', '#60a5fa', 'FK DUNAJ – SLOVAN LIBEREC'],
  ['vltava-praha-slavia-praha', 'rink', '#0c4a6e', '#dc2626', 'HC VLTAVA – HC SLAVIA'],
  ['vltava-praha-kometa-brno', 'rink', '#0c4a6e', '#2563eb', 'HC VLTAVA – KOMETA BRNO'],
  ['vltava-praha-skoda-plzen', 'rink', '#0c4a6e', '#f97316', 'HC VLTAVA – ŠKODA PLZEŇ'],
  ['vltava-praha-ocelari-trinec', 'rink', '#0c4a6e', '#fbbf24', 'HC VLTAVA – TŘINEC'],
  ['vltava-praha-mountfield-hradec', 'rink', '#0c4a6e', '#a3e635', 'HC VLTAVA – MOUNTFIELD HK'],
  ['vltava-praha-sparta-praha', 'rink', '#0c4a6e', '#991b1b', 'HC VLTAVA – SPARTA'],
  ['polarna-ziara-kosice', 'stage', '#1e1b4b', '#22d3ee', 'POLÁRNA ŽIARA'],
  ['kovove-nebe-praha', 'stage', '#18181b', '#ef4444', 'KOVOVÉ NEBE'],
  ['the-lowlands-bratislava', 'stage', '#3b0764', '#f0abfc', 'THE LOWLANDS'],
  ['sever-noci-akusticky', 'stage', '#111827', '#fde68a', 'SEVER NOCI'],
  ['luka-fest-2027', 'meadow', '#14532d', '#fde047', 'LÚKA FEST 2027'],
  ['luka-fest-warm-up', 'meadow', '#312e81', '#86efac', 'LÚKA FEST WARM-UP'],
];

const venues = [
  ['stadion-dunaj', 'pitch', '#05603a', '#a7f3d0'],
  ['arena-vltava', 'rink', '#0c4a6e', '#bae6fd'],
  ['hangar-kosice', 'stage', '#1f2937', '#fca5a5'],
  ['hala-karlin', 'stage', '#292524', '#fdba74'],
  ['luka-piestany', 'meadow', '#166534', '#fef08a'],
];

function scene(kind, base, accent, variant) {
  const lights = Array.from({ length: 9 }, (_, i) => {
    const x = 120 + i * 170 + variant * 23;
    return `<circle cx="${x}" cy="${90 + ((i + variant) % 3) * 24}" r="${10 + ((i * 7 + variant) % 8)}" fill="${accent}" opacity="0.55"/>`;
  }).join('');
  const crowd = Array.from({ length: 80 }, (_, i) => {
    const x = (i * 97 + variant * 41) % W;
    const y = 700 + ((i * 53) % 160);
    return `<circle cx="${x}" cy="${y}" r="${18 + (i % 5) * 3}" fill="#000" opacity="0.35"/>`;
  }).join('');
  const field = {
    pitch: `<rect x="260" y="330" width="1080" height="330" rx="8" fill="#16a34a"/><rect x="260" y="330" width="1080" height="330" fill="none" stroke="#fff" stroke-width="6"/><line x1="800" y1="330" x2="800" y2="660" stroke="#fff" stroke-width="6"/><circle cx="800" cy="495" r="70" fill="none" stroke="#fff" stroke-width="6"/>`,
    rink: `<rect x="280" y="330" width="1040" height="330" rx="160" fill="#e0f2fe"/><rect x="280" y="330" width="1040" height="330" rx="160" fill="none" stroke="#1e3a8a" stroke-width="8"/><line x1="800" y1="330" x2="800" y2="660" stroke="#dc2626" stroke-width="8"/><line x1="620" y1="330" x2="620" y2="660" stroke="#1d4ed8" stroke-width="8"/><line x1="980" y1="330" x2="980" y2="660" stroke="#1d4ed8" stroke-width="8"/>`,
    stage: `<polygon points="300,640 1300,640 1180,420 420,420" fill="#111"/><rect x="420" y="250" width="760" height="170" fill="${accent}" opacity="0.35"/><polygon points="520,0 620,0 820,640 700,640" fill="${accent}" opacity="0.18"/><polygon points="1080,0 980,0 780,640 900,640" fill="${accent}" opacity="0.18"/>`,
    meadow: `<ellipse cx="800" cy="760" rx="1100" ry="280" fill="#4d7c0f"/><polygon points="560,560 800,330 1040,560" fill="${accent}" opacity="0.9"/><rect x="620" y="560" width="360" height="40" fill="#1c1917"/><circle cx="1320" cy="180" r="80" fill="#fde047" opacity="0.9"/>`,
  }[kind];
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="#020617"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>${lights}${field}${crowd}`;
}

async function render(file, svgBody, title) {
  const text = title
    ? `<rect x="0" y="${H - 150}" width="${W}" height="150" fill="#000" opacity="0.55"/><text x="80" y="${H - 55}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="76" fill="#fff">${title}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${svgBody}${text}</svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 72, mozjpeg: true }).toFile(file);
}

await mkdir('public/images/events', { recursive: true });
await mkdir('public/images/venues', { recursive: true });
for (const [slug, kind, base, accent, title] of events) {
  await render(`public/images/events/${slug}.jpg`, scene(kind, base, accent, 0), title);
}
for (const [slug, kind, base, accent] of venues) {
  for (const variant of [1, 2, 3]) await render(`public/images/venues/${slug}-${variant}.jpg`, scene(kind, base, accent, variant), null);
}
console.log(`rendered ${events.length} event and ${venues.length * 3} venue images`);
