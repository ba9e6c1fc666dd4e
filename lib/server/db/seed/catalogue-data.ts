// Demo catalogue: four organisers, their venues and events. Dates are relative to the day the seed
// runs, so a fresh demo always has upcoming events (and one past and one draft event for tests).
import type { LocalizedText, VenueOutlineShape } from '../schema';
import { arenaLayout, hallStage, rinkOutline, pitchOutline, stadiumLayout, type LayoutSpec } from './layouts';

const t = (sk: string, cs: string, en: string): LocalizedText => ({ sk, cs, en });

/** `language` and `currency`: the organisation's own (its texts' first language, its new events' currency); Slovak and EUR when not given. */
/** The legal profile a demo organisation was approved with (issue 32): IČO with a valid checksum, IBANs that ibantools accepts (check digits and the national account checksum). */
export type OrgLegalSeed = {
  legalName: string;
  legalForm: string;
  street: string;
  city: string;
  postcode: string;
  ico: string;
  dic: string;
  vatId: string | null;
  vatRegistered: boolean;
  payoutIban: string;
  payoutBic: string;
  /** The commercial terms (issue 32 item 3): Tribuna's platform fee per ticket (minor units) and share of the price (basis points); 0 when not given. */
  platformFeePerTicket?: number;
  platformFeeBps?: number;
  /** When Tribuna pays it: per calendar month (the default) or after each event. */
  payoutSchedule?: 'period' | 'event';
};
export type OrgSeed = { slug: string; name: string; kind: 'club' | 'promoter' | 'festival'; country: 'SK' | 'CZ'; website: string; contactEmail: string; language?: 'sk' | 'cs' | 'en'; currency?: 'EUR' | 'CZK' } & OrgLegalSeed;
export type VenueSeed = {
  slug: string;
  name: string;
  address: string;
  city: string;
  country: 'SK' | 'CZ';
  latitude: number;
  longitude: number;
  layout?: LayoutSpec;
  /** The map of a venue without seats (a hall): its size, for the outline. */
  map?: { width: number; height: number };
  /** The pitch, rink or stage drawn under the seats. */
  outline?: VenueOutlineShape[];
  gallery: string[];
};
export type TicketTypeSeed = {
  code: string;
  name: LocalizedText;
  kind: 'seated' | 'standing';
  price: number;
  color: string;
  /** Standing places for sale; seated categories sell the layout's sections of this code. */
  places?: number;
};
export type EventSeed = {
  slug: string;
  org: string;
  venue: string;
  category: 'sport' | 'concert' | 'festival';
  status?: 'draft' | 'on_sale' | 'sold_out' | 'cancelled';
  title: LocalizedText;
  summary: LocalizedText;
  description: LocalizedText;
  performers: string[];
  image: string;
  currency: 'EUR' | 'CZK';
  /** Days from the seed date, and local time in Europe/Bratislava. */
  inDays: number;
  time: string;
  /** Instead of a day and time: a start this many hours after the seeding (the match of the day). */
  startsInHours?: number;
  /** Hours before the start the gates open (1 when not given). */
  doorsHours?: number;
  durationHours: number;
  ticketTypes: TicketTypeSeed[];
  resale: { enabled: boolean; capPercent?: number; capAmount?: number; windowHours?: number; sellerFeeBps?: number; buyerFeeBps?: number };
  transferEnabled?: boolean;
  serviceFee: number;
  reservationMinutes?: number;
  maxPerOrder?: number;
};

export const organisations: OrgSeed[] = [
  {
    slug: 'fk-dunaj-bratislava',
    name: 'FK Dunaj Bratislava',
    kind: 'club',
    country: 'SK',
    website: 'https://fkdunaj.sk',
    contactEmail: 'vstupenky@fkdunaj.sk',
    legalName: 'FK Dunaj Bratislava, a.s.',
    legalForm: 'a.s.',
    street: 'Dunajská 12',
    city: 'Bratislava',
    postcode: '811 08',
    ico: '35612347',
    dic: '2020612347',
    vatId: 'SK2020612347',
    vatRegistered: true,
    payoutIban: 'SK3311000000002931234568',
    payoutBic: 'TATRSKBX',
    // Paid after each match: the demo's past match (seed/reports.ts) has its payout due at once (admin/payouts).
    payoutSchedule: 'event',
  },
  {
    slug: 'hc-vltava-praha',
    name: 'HC Vltava Praha',
    kind: 'club',
    country: 'CZ',
    website: 'https://hcvltava.cz',
    contactEmail: 'vstupenky@hcvltava.cz',
    language: 'cs',
    currency: 'CZK',
    legalName: 'HC Vltava Praha, z.s.',
    legalForm: 'z.s.',
    street: 'Libeňský ostrov 3',
    city: 'Praha 8',
    postcode: '180 00',
    ico: '45789011',
    dic: 'CZ45789011',
    vatId: 'CZ45789011',
    vatRegistered: true,
    payoutIban: 'CZ7108000000001928374661',
    payoutBic: 'GIBACZPX',
    // Demo terms: 10 Kč per ticket, paid after each match.
    platformFeePerTicket: 1000,
    payoutSchedule: 'event',
  },
  {
    slug: 'pulz-live',
    name: 'Pulz Live',
    kind: 'promoter',
    country: 'SK',
    website: 'https://pulzlive.sk',
    contactEmail: 'info@pulzlive.sk',
    legalName: 'Pulz Live s.r.o.',
    legalForm: 's.r.o.',
    street: 'Hlavná 45',
    city: 'Košice',
    postcode: '040 01',
    ico: '51903466',
    dic: '2120903466',
    vatId: 'SK2120903466',
    vatRegistered: true,
    payoutIban: 'SK5509000000005012345682',
    payoutBic: 'GIBASKBX',
    // Demo terms: 0,50 € per ticket plus 1,5 % of its price, paid per calendar month.
    platformFeePerTicket: 50,
    platformFeeBps: 150,
  },
  {
    slug: 'luka-fest',
    name: 'Lúka Fest',
    kind: 'festival',
    country: 'SK',
    website: 'https://lukafest.sk',
    contactEmail: 'hello@lukafest.sk',
    // Not VAT-registered: its documents carry no VAT.
    legalName: 'Lúka Fest o.z.',
    legalForm: 'o.z.',
    street: 'Kúpeľný ostrov 1',
    city: 'Piešťany',
    postcode: '921 01',
    ico: '52877132',
    dic: '2121877132',
    vatId: null,
    vatRegistered: false,
    payoutIban: 'SK4802000000003300221159',
    payoutBic: 'SUBASKBX',
  },
];

export const venues: VenueSeed[] = [
  {
    slug: 'stadion-dunaj',
    name: 'Štadión Dunaj',
    address: 'Viedenská cesta 12, 851 01 Bratislava',
    city: 'Bratislava',
    country: 'SK',
    latitude: 48.1339,
    longitude: 17.1093,
    layout: stadiumLayout(),
    outline: pitchOutline(),
    gallery: ['/images/venues/stadion-dunaj-1.jpg', '/images/venues/stadion-dunaj-2.jpg', '/images/venues/stadion-dunaj-3.jpg'],
  },
  {
    slug: 'arena-vltava',
    name: 'Aréna Vltava',
    address: 'Za Elektrárnou 419, 170 00 Praha 7',
    city: 'Praha',
    country: 'CZ',
    latitude: 50.1063,
    longitude: 14.4297,
    layout: arenaLayout(),
    outline: rinkOutline(),
    gallery: ['/images/venues/arena-vltava-1.jpg', '/images/venues/arena-vltava-2.jpg', '/images/venues/arena-vltava-3.jpg'],
  },
  {
    slug: 'hangar-kosice',
    name: 'Hangár Košice',
    address: 'Južná trieda 48, 040 01 Košice',
    city: 'Košice',
    country: 'SK',
    latitude: 48.7095,
    longitude: 21.2611,
    map: { width: 800, height: 500 },
    outline: hallStage(),
    gallery: ['/images/venues/hangar-kosice-1.jpg', '/images/venues/hangar-kosice-2.jpg', '/images/venues/hangar-kosice-3.jpg'],
  },
  {
    slug: 'hala-karlin',
    name: 'Hala Karlín',
    address: 'Pernerova 51, 186 00 Praha 8',
    city: 'Praha',
    country: 'CZ',
    latitude: 50.0926,
    longitude: 14.4522,
    map: { width: 800, height: 500 },
    outline: hallStage(),
    gallery: ['/images/venues/hala-karlin-1.jpg', '/images/venues/hala-karlin-2.jpg', '/images/venues/hala-karlin-3.jpg'],
  },
  {
    slug: 'luka-piestany',
    name: 'Areál Lúka',
    address: 'Letisková lúka 1, 921 01 Piešťany',
    city: 'Piešťany',
    country: 'SK',
    latitude: 48.6253,
    longitude: 17.8283,
    gallery: ['/images/venues/luka-piestany-1.jpg', '/images/venues/luka-piestany-2.jpg', '/images/venues/luka-piestany-3.jpg'],
  },
];

const footballTypes: TicketTypeSeed[] = [
  { code: 'A', name: t('Kategória A – hlavná tribúna', 'Kategorie A – hlavní tribuna', 'Category A – main stand'), kind: 'seated', price: 2500, color: '#b45309' },
  { code: 'B', name: t('Kategória B – protiľahlá tribúna', 'Kategorie B – protější tribuna', 'Category B – opposite stand'), kind: 'seated', price: 1800, color: '#1d4ed8' },
  { code: 'C', name: t('Kategória C – za bránou', 'Kategorie C – za brankou', 'Category C – behind the goal'), kind: 'seated', price: 1200, color: '#047857' },
];

const hockeyTypes: TicketTypeSeed[] = [
  { code: 'MID', name: t('Stred', 'Střed', 'Centre'), kind: 'seated', price: 59000, color: '#b45309' },
  { code: 'END', name: t('Za bránkou', 'Za brankou', 'Behind the goal'), kind: 'seated', price: 45000, color: '#1d4ed8' },
  { code: 'STAND', name: t('Státie', 'Stání', 'Standing'), kind: 'standing', price: 29000, color: '#6d28d9', places: 200 },
];

function football(slug: string, opponent: string, inDays: number, time: string, round: number): EventSeed {
  return {
    slug,
    org: 'fk-dunaj-bratislava',
    venue: 'stadion-dunaj',
    category: 'sport',
    title: t(`FK Dunaj Bratislava – ${opponent}`, `FK Dunaj Bratislava – ${opponent}`, `FK Dunaj Bratislava v ${opponent}`),
    summary: t(
      `${round}. kolo Niké ligy na Štadióne Dunaj.`,
      `${round}. kolo slovenské Niké ligy na stadionu Dunaj.`,
      `Round ${round} of the Slovak Niké liga at Štadión Dunaj.`,
    ),
    description: t(
      `Domáci FK Dunaj Bratislava privíta ${opponent} v ${round}. kole Niké ligy. Brány štadióna sa otvárajú hodinu pred výkopom, v rodinnom sektore čaká na deti maľovanie na tvár. Vstupenky sú na konkrétne miesto, do štadióna vojdete s kódom v telefóne.`,
      `Domácí FK Dunaj Bratislava přivítá ${opponent} v ${round}. kole slovenské Niké ligy. Brány stadionu se otevírají hodinu před výkopem, v rodinném sektoru čeká na děti malování na obličej. Vstupenky jsou na konkrétní místo, na stadion projdete s kódem v telefonu.`,
      `FK Dunaj Bratislava host ${opponent} in round ${round} of the Niké liga. Gates open an hour before kick-off and the family stand has face painting for kids. Every ticket is for a numbered seat; you get in with the code on your phone.`,
    ),
    // The two teams (a sport event shows no line-up: lib/schemas/events.ts hasLineUp).
    performers: ['FK Dunaj Bratislava', opponent],
    image: `/images/events/${slug}.jpg`,
    currency: 'EUR',
    inDays,
    time,
    durationHours: 2,
    ticketTypes: footballTypes,
    resale: { enabled: true, capPercent: 100, windowHours: 2, sellerFeeBps: 500, buyerFeeBps: 300 },
    serviceFee: 100,
  };
}

function hockey(slug: string, opponent: string, inDays: number, time: string, resale: EventSeed['resale']): EventSeed {
  return {
    slug,
    org: 'hc-vltava-praha',
    venue: 'arena-vltava',
    category: 'sport',
    title: t(`HC Vltava Praha – ${opponent}`, `HC Vltava Praha – ${opponent}`, `HC Vltava Praha v ${opponent}`),
    summary: t('Zápas Tipsport extraligy v Aréne Vltava.', 'Utkání Tipsport extraligy v Aréně Vltava.', 'Czech Tipsport Extraliga game at Aréna Vltava.'),
    description: t(
      `HC Vltava Praha hrá doma proti tímu ${opponent}. Na výber sú miesta na sedenie v strede aj za bránkou a lacnejšie státie v hornom ochozu. Aréna sa otvára 60 minút pred buly.`,
      `HC Vltava Praha hraje doma proti týmu ${opponent}. Na výběr jsou místa k sezení ve středu i za brankou a levnější stání v horním ochozu. Aréna se otevírá 60 minut před buly.`,
      `HC Vltava Praha play ${opponent} at home. Choose a seat in the centre or behind the goal, or a cheaper standing place on the upper concourse. Doors open 60 minutes before face-off.`,
    ),
    performers: ['HC Vltava Praha', opponent],
    image: `/images/events/${slug}.jpg`,
    currency: 'CZK',
    inDays,
    time,
    durationHours: 3,
    ticketTypes: hockeyTypes,
    resale,
    serviceFee: 2500,
  };
}

export const events: EventSeed[] = [
  // The match of the day: its gates are open from the seeding on (an hour before it until the end + 2 h),
  // so the demo gate scanner, the e2e gate journeys and bench:scan have codes to admit.
  { ...football('dunaj-bratislava-zemplin-michalovce', 'MFK Zemplín Michalovce', 0, '00:00', 16), image: '/images/events/dunaj-bratislava-slovan-liberec.jpg', startsInHours: 3, doorsHours: 4 },
  football('dunaj-bratislava-fc-kosice', 'FC Košice', 7, '18:00', 17),
  football('dunaj-bratislava-msk-zilina', 'MŠK Žilina', 14, '15:30', 18),
  football('dunaj-bratislava-spartak-trnava', 'Spartak Trnava', 84, '17:00', 19),
  football('dunaj-bratislava-dac-dunajska-streda', 'DAC Dunajská Streda', 98, '18:00', 20),
  football('dunaj-bratislava-as-trencin', 'AS Trenčín', 112, '16:00', 21),
  hockey('vltava-praha-slavia-praha', 'HC Slavia Praha', 5, '18:30', { enabled: true, capPercent: 120, windowHours: 1, sellerFeeBps: 500, buyerFeeBps: 300 }),
  hockey('vltava-praha-kometa-brno', 'HC Kometa Brno', 12, '17:00', { enabled: true, capPercent: 120, windowHours: 1, sellerFeeBps: 500, buyerFeeBps: 300 }),
  hockey('vltava-praha-skoda-plzen', 'HC Škoda Plzeň', 26, '18:30', { enabled: true, capPercent: 100, windowHours: 1, sellerFeeBps: 500, buyerFeeBps: 0 }),
  hockey('vltava-praha-ocelari-trinec', 'HC Oceláři Třinec', 40, '18:30', { enabled: false }),
  hockey('vltava-praha-mountfield-hradec', 'Mountfield HK', 54, '16:00', { enabled: true, capPercent: 120, capAmount: 60000, windowHours: 1, sellerFeeBps: 500, buyerFeeBps: 300 }),
  {
    slug: 'polarna-ziara-kosice',
    org: 'pulz-live',
    venue: 'hangar-kosice',
    category: 'concert',
    title: t('Polárna žiara – Zimné turné', 'Polárna žiara – Zimní turné', 'Polárna žiara – Winter Tour'),
    summary: t('Košická kapela Polárna žiara uzatvára zimné turné doma.', 'Košická kapela Polárna žiara zakončí zimní turné doma.', 'Košice band Polárna žiara close their winter tour at home.'),
    description: t(
      'Polárna žiara odohrá v Hangári Košice celý nový album aj najznámejšie piesne z desiatich rokov na scéne. Ako hostia vystúpia Sever Noci. Koncert je na státie, šatňa je v cene vstupenky.',
      'Polárna žiara zahraje v Hangáru Košice celé nové album i nejznámější písně z deseti let na scéně. Jako hosté vystoupí Sever Noci. Koncert je na stání, šatna je v ceně vstupenky.',
      'Polárna žiara play their whole new album and the best-known songs of ten years on stage at Hangár Košice, with Sever Noci as support. Standing only; the cloakroom is included in the ticket.',
    ),
    performers: ['Polárna žiara', 'Sever Noci'],
    image: '/images/events/polarna-ziara-kosice.jpg',
    currency: 'EUR',
    inDays: 19,
    time: '20:00',
    durationHours: 3,
    ticketTypes: [
      { code: 'GA', name: t('Státie', 'Stání', 'General admission'), kind: 'standing', price: 2900, color: '#be185d', places: 800 },
      { code: 'VIP', name: t('VIP balkón', 'VIP balkon', 'VIP balcony'), kind: 'standing', price: 5900, color: '#a16207', places: 50 },
    ],
    resale: { enabled: true, capPercent: 100, windowHours: 4, sellerFeeBps: 700, buyerFeeBps: 300 },
    serviceFee: 150,
  },
  {
    slug: 'kovove-nebe-praha',
    org: 'pulz-live',
    venue: 'hala-karlin',
    category: 'concert',
    title: t('Kovové nebe – Praha', 'Kovové nebe – Praha', 'Kovové nebe – Prague'),
    summary: t('Metalová legenda Kovové nebe v Hale Karlín.', 'Metalová legenda Kovové nebe v Hale Karlín.', 'Czech metal legends Kovové nebe at Hala Karlín.'),
    description: t(
      'Kovové nebe sa po troch rokoch vracajú do Prahy s novou svetelnou show. Predkapelou je slovenská skupina Oceľ. Vstup od 15 rokov, mladší len v sprievode dospelého.',
      'Kovové nebe se po třech letech vrací do Prahy s novou světelnou show. Předkapelou je slovenská skupina Oceľ. Vstup od 15 let, mladší jen v doprovodu dospělého.',
      'Kovové nebe return to Prague after three years with a new light show, supported by Slovak band Oceľ. Ages 15 and over; younger fans only with an adult.',
    ),
    performers: ['Kovové nebe', 'Oceľ'],
    image: '/images/events/kovove-nebe-praha.jpg',
    currency: 'CZK',
    inDays: 33,
    time: '19:30',
    durationHours: 3,
    ticketTypes: [
      { code: 'GA', name: t('Státie', 'Stání', 'General admission'), kind: 'standing', price: 89000, color: '#be185d', places: 600 },
      { code: 'VIP', name: t('VIP vstup s podpisovkou', 'VIP vstup s autogramiádou', 'VIP entry with signing session'), kind: 'standing', price: 179000, color: '#a16207', places: 40 },
    ],
    resale: { enabled: false },
    transferEnabled: true,
    serviceFee: 4000,
  },
  {
    slug: 'the-lowlands-bratislava',
    org: 'pulz-live',
    venue: 'stadion-dunaj',
    category: 'concert',
    title: t('The Lowlands – Stadium Tour', 'The Lowlands – Stadium Tour', 'The Lowlands – Stadium Tour'),
    summary: t('Britská kapela The Lowlands prvýkrát na Slovensku.', 'Britská kapela The Lowlands poprvé na Slovensku.', 'British band The Lowlands in Slovakia for the first time.'),
    description: t(
      'The Lowlands prinášajú svoje štadiónové turné na Štadión Dunaj. Predávajú sa len miesta na sedenie na tribúnach, plocha je vyhradená pre pódium. Otvorenie brán o 17:30.',
      'The Lowlands přivážejí své stadionové turné na Štadión Dunaj. Prodávají se jen místa k sezení na tribunách, plocha je vyhrazena pro pódium. Otevření bran v 17:30.',
      'The Lowlands bring their stadium tour to Štadión Dunaj. Only seats in the stands are on sale; the pitch is reserved for the stage. Gates open at 17:30.',
    ),
    performers: ['The Lowlands'],
    image: '/images/events/the-lowlands-bratislava.jpg',
    currency: 'EUR',
    inDays: 61,
    time: '20:00',
    durationHours: 3,
    ticketTypes: [
      { code: 'A', name: t('Tribúna A', 'Tribuna A', 'Stand A'), kind: 'seated', price: 7900, color: '#b45309' },
      { code: 'B', name: t('Tribúna B', 'Tribuna B', 'Stand B'), kind: 'seated', price: 6500, color: '#1d4ed8' },
      { code: 'C', name: t('Tribúna C a D', 'Tribuna C a D', 'Stands C and D'), kind: 'seated', price: 4900, color: '#047857' },
    ],
    resale: { enabled: true, capPercent: 100, windowHours: 6, sellerFeeBps: 700, buyerFeeBps: 300 },
    serviceFee: 250,
    maxPerOrder: 6,
  },
  {
    slug: 'sever-noci-akusticky',
    org: 'pulz-live',
    venue: 'hangar-kosice',
    category: 'concert',
    title: t('Sever Noci – akusticky', 'Sever Noci – akusticky', 'Sever Noci – acoustic'),
    summary: t('Komorný akustický večer v Košiciach.', 'Komorní akustický večer v Košicích.', 'An intimate acoustic evening in Košice.'),
    description: t(
      'Sever Noci zahrajú svoje piesne v akustických úpravách so sláčikovým kvartetom. Kapacita je obmedzená na 300 ľudí.',
      'Sever Noci zahrají své písně v akustických úpravách se smyčcovým kvartetem. Kapacita je omezena na 300 lidí.',
      'Sever Noci play their songs in acoustic arrangements with a string quartet. Capacity is limited to 300.',
    ),
    performers: ['Sever Noci'],
    image: '/images/events/sever-noci-akusticky.jpg',
    currency: 'EUR',
    inDays: 47,
    time: '19:00',
    durationHours: 2,
    ticketTypes: [{ code: 'GA', name: t('Vstupenka', 'Vstupenka', 'Ticket'), kind: 'standing', price: 1900, color: '#be185d', places: 300 }],
    resale: { enabled: true, capPercent: 100, windowHours: 2, sellerFeeBps: 500, buyerFeeBps: 0 },
    serviceFee: 100,
  },
  {
    slug: 'luka-fest-2027',
    org: 'luka-fest',
    venue: 'luka-piestany',
    category: 'festival',
    title: t('Lúka Fest 2027', 'Lúka Fest 2027', 'Lúka Fest 2027'),
    summary: t('Tri dni hudby na lúke pri Váhu.', 'Tři dny hudby na louce u Váhu.', 'Three days of music on the meadow by the Váh.'),
    description: t(
      'Lúka Fest je letný festival s tromi pódiami, stanovým mestečkom a programom pre rodiny. Hrajú Polárna žiara, The Lowlands, Kovové nebe, Sever Noci a ďalších 40 interpretov. Permanentka platí na všetky tri dni.',
      'Lúka Fest je letní festival se třemi pódii, stanovým městečkem a programem pro rodiny. Hrají Polárna žiara, The Lowlands, Kovové nebe, Sever Noci a dalších 40 interpretů. Permanentka platí na všechny tři dny.',
      'Lúka Fest is a summer festival with three stages, a campsite and a family programme. Featuring Polárna žiara, The Lowlands, Kovové nebe, Sever Noci and 40 more acts. The pass is valid for all three days.',
    ),
    performers: ['Polárna žiara', 'The Lowlands', 'Kovové nebe', 'Sever Noci'],
    image: '/images/events/luka-fest-2027.jpg',
    currency: 'EUR',
    inDays: 150,
    time: '14:00',
    durationHours: 58,
    ticketTypes: [
      { code: 'PASS', name: t('Permanentka na 3 dni', 'Permanentka na 3 dny', '3-day pass'), kind: 'standing', price: 8900, color: '#15803d', places: 1500 },
      { code: 'VIP', name: t('VIP permanentka', 'VIP permanentka', 'VIP pass'), kind: 'standing', price: 16900, color: '#a16207', places: 100 },
    ],
    resale: { enabled: true, capPercent: 120, capAmount: 11000, windowHours: 24, sellerFeeBps: 800, buyerFeeBps: 300 },
    serviceFee: 300,
  },
  {
    slug: 'luka-fest-warm-up',
    org: 'luka-fest',
    venue: 'hala-karlin',
    category: 'festival',
    title: t('Lúka Fest Warm-up Praha', 'Lúka Fest Warm-up Praha', 'Lúka Fest Warm-up Prague'),
    summary: t('Predfestivalová noc v Prahe.', 'Předfestivalová noc v Praze.', 'A pre-festival night in Prague.'),
    description: t(
      'Ochutnávka letného festivalu: štyri kapely z line-upu Lúka Festu na jednom pódiu. Každý návštevník dostane zľavový kód na festivalovú permanentku.',
      'Ochutnávka letního festivalu: čtyři kapely z line-upu Lúka Festu na jednom pódiu. Každý návštěvník dostane slevový kód na festivalovou permanentku.',
      'A taste of the summer festival: four bands from the Lúka Fest line-up on one stage. Every guest gets a discount code for the festival pass.',
    ),
    performers: ['Sever Noci', 'Oceľ'],
    image: '/images/events/luka-fest-warm-up.jpg',
    currency: 'CZK',
    inDays: 75,
    time: '19:00',
    durationHours: 5,
    ticketTypes: [{ code: 'GA', name: t('Vstupenka', 'Vstupenka', 'Ticket'), kind: 'standing', price: 49000, color: '#15803d', places: 400 }],
    resale: { enabled: true, capPercent: 100, windowHours: 2, sellerFeeBps: 500, buyerFeeBps: 300 },
    serviceFee: 2000,
  },
  // Never listed: one already played, one not yet published.
  { ...football('dunaj-bratislava-slovan-liberec', 'Slovan Liberec', -10, '18:00', 16), title: t('FK Dunaj Bratislava – Slovan Liberec (prípravný zápas)', 'FK Dunaj Bratislava – Slovan Liberec (přípravný zápas)', 'FK Dunaj Bratislava v Slovan Liberec (friendly)') },
  { ...hockey('vltava-praha-sparta-praha', 'HC Sparta Praha', 68, '18:30', { enabled: false }), status: 'draft' },
];
