/**
 * Writes bench/data/expenses.json: a labelled set of realistic expenses of a small agency (vendor, description,
 * amount, category over the default categories), for `npm run bench -- categorize`. Deterministic (seeded), so
 * the committed file is what this script writes: `node bench/data/make-expenses.ts`.
 *
 * Made to be not trivially memorised: each category has many vendors and phrasings, several vendors serve more
 * than one category (Amazon, Apple, Google, Microsoft, Delta's lounge), some expenses have no vendor, amounts
 * vary, and about one vendor in six appears only once (so the test split holds vendors never seen in training).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

let seed = 20260611;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const money = (lo: number, hi: number) => (lo + rnd() * (hi - lo)).toFixed(2);

const CITIES = ['Berlin', 'Lisbon', 'Chicago', 'Austin', 'Toronto', 'London', 'Madrid', 'Denver', 'Seattle', 'Boston', 'Paris', 'Munich'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const CLIENTS = ['Acme', 'Northwind', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Soylent', 'Vandelay'];
const fill = (s: string) =>
  s
    .replace('{city}', pick(CITIES))
    .replace('{city2}', pick(CITIES))
    .replace('{month}', pick(MONTHS))
    .replace('{client}', pick(CLIENTS))
    .replace('{n}', String(2 + Math.floor(rnd() * 8)));

interface Spec {
  /** `Vendor: phrasing | phrasing …`, most frequent vendors first; `-:` lines have no vendor. */
  vendors: string[];
  amount: [number, number];
}

const SPECS: Record<string, Spec> = {
  Software: {
    vendors: [
      'Amazon Web Services: EC2 and S3 usage {month} | Cloud hosting {month} | AWS bill for the {client} app',
      'Adobe: Creative Cloud plan | Acrobat Pro seats | Creative Cloud all apps',
      'GitHub: Team plan, private repositories | Copilot seats | Actions minutes',
      'Atlassian: Jira and Confluence cloud | Jira Software {n} users',
      'JetBrains: IDE seats for the dev team | WebStorm and IntelliJ licenses',
      'Figma: Design tool editor seats | Figma professional plan',
      'DigitalOcean: Droplets and managed database | Server costs {month}',
      'Notion Labs: Workspace for project docs | Team wiki plan',
      'Vercel: Pro hosting plan for the website | Preview deployments',
      'Microsoft: Azure app service | Microsoft 365 business seats',
      '1Password: Password manager for the team',
      '-: Cloud software for invoicing | Project management app',
    ],
    amount: [12, 420],
  },
  Hardware: {
    vendors: [
      'Apple: MacBook Pro 14 for new designer | iPad for client demos | Mac mini build server | Magic keyboard and trackpad',
      'Dell: 27 inch monitor | Laptop for developer onboarding | Docking station',
      'Amazon: USB-C hub and cables | External SSD 2TB | Webcam and headset for calls',
      'Best Buy: Printer for the office | Monitor arm and speakers',
      'Lenovo: ThinkPad for project manager | Laptop replacement',
      'Logitech: Mechanical keyboard and mouse | Conference camera',
      'B&H Photo: Camera and lens for product shots | Microphone for podcasts',
      'Newegg: Network switch and router | RAM upgrade',
      '-: Replacement laptop battery | Computer equipment',
    ],
    amount: [25, 2900],
  },
  Services: {
    vendors: [
      'Upwork: Freelance illustrator for {client} project | Contractor: landing page development | Data entry contractor',
      'Fiverr: Logo animation gig | Freelance copywriter, blog posts | Video editing by freelancer',
      'DHL Express: Courier delivery of contract documents | Shipping samples to {client}',
      'Rev.com: Transcription of interviews | Captions for webinar',
      'Cleanly Office Cleaning: Office cleaning {month} | Deep clean after move',
      'Toptal: Senior developer contractor, {n} weeks | Contract designer hours',
      'FedEx: Overnight shipment to {city} | Courier to client',
      'Gengo: Translation of product brochure | Translation services',
      '-: Freelance photographer | Outsourced bookkeeping service',
    ],
    amount: [20, 1800],
  },
  Consulting: {
    vendors: [
      'Baker & Partners LLP: Legal review of client contract | Lawyer fees, partnership agreement | Attorney consultation on trademark',
      'Smith CPA: Accountant fees for year-end closing | Quarterly tax filing prep',
      'Harbor Advisory: Strategy consulting workshop with advisor | Consultant retainer {month}',
      'Moss Tax Advisors: Tax advisory session | Sales tax nexus advice',
      'Kessler Legal: Employment law advice | Contract dispute consultation',
      'Deloitte: Security audit consultant | Compliance assessment',
      '-: Business coach session | Pricing strategy consultant',
    ],
    amount: [150, 4500],
  },
  Training: {
    vendors: [
      'Udemy: Online course: advanced TypeScript | Course on Figma prototyping | Excel for finance course',
      'Coursera: Machine learning specialization | Learning platform annual access',
      'Eventbrite: Workshop on negotiation skills | Public speaking class | Seminar on tax law changes',
      'O’Reilly Media: Learning platform seats | Books on product management',
      'Frontend Masters: Kubernetes course for two engineers | Web performance workshop',
      'Web Summit: Conference ticket, Web Summit {city} | Conference pass and workshop',
      'Pluralsight: Team training on accessibility | Cloud certification prep',
      '-: Certification exam fee | Conference ticket, React Summit {city}',
    ],
    amount: [15, 1400],
  },
  Support: {
    vendors: [
      'Local IT Pros: IT support call-out | On-site network troubleshooting | Server maintenance contract {month}',
      'AppleCare: Extended warranty and support | AppleCare+ for MacBook',
      'Geek Squad: Laptop screen repair | Data recovery from failed drive',
      'Zendesk: Helpdesk software for customer support | Support agent seats',
      'iFixit Repair: Phone battery repair | Keyboard repair',
      'Dell: ProSupport plan renewal | Technician visit for monitor',
      '-: Printer maintenance visit | Premium support plan',
    ],
    amount: [40, 900],
  },
  Licenses: {
    vendors: [
      'Secretary of State: Annual LLC registration fee | Trademark registration filing | Registered agent filing',
      'City of Austin: Business license renewal | Permit for signage | Home occupation permit',
      'Getty Images: Stock photo license for campaign | Editorial image licence',
      'Shutterstock: Image pack license | Footage license for promo video',
      'Monotype: Font license for brand typeface | Webfont licence',
      'Autodesk: AutoCAD licence renewal | Perpetual CAD license',
      '-: Music licensing for promo video | Software license key',
    ],
    amount: [25, 2200],
  },
  Subscriptions: {
    vendors: [
      'LinkedIn: Premium membership renewal | Sales Navigator monthly',
      'The Economist: Annual magazine subscription | Digital subscription renewal',
      'Wall Street Journal: Newspaper digital subscription | WSJ monthly',
      'Spotify: Music for the studio, monthly | Premium family plan',
      'Costco: Warehouse club membership | Executive membership renewal',
      'Medium: Membership for research reading | Annual member plan',
      'Netflix: Streaming plan for lounge | Monthly streaming',
      '-: Professional association dues | Industry newsletter annual plan | Recurring membership fee {month}',
    ],
    amount: [5, 600],
  },
  Travel: {
    vendors: [
      'Delta Air Lines: Flight to {city} for client meeting | Airfare, round trip {city} | Seat upgrade and baggage fee',
      'Uber: Taxi from airport | Ride to client office | Ride to {city} train station',
      'Marriott: Hotel, 3 nights in {city} | Hotel stay for conference',
      'Airbnb: Accommodation for offsite in {city} | Apartment for team week in {city}',
      'Lufthansa: Flight {city} to {city2} | Return flight from {city}',
      'Hertz: Rental car for site visit | Car rental in {city}',
      'Amtrak: Train ticket {city} to {city2} | Rail fare to workshop',
      'Lyft: Ride home after late meeting | Rideshare to {client}',
      'Hilton: Hotel night in {city} | Conference hotel',
      'United Airlines: Flight to {client} workshop | Airline ticket change fee',
      'Expedia: Flight and hotel package {city} | Booking for team trip',
      '-: Parking at the airport | Travel to {client} workshop | Tolls and fuel for client visit',
    ],
    amount: [9, 1600],
  },
  Meals: {
    vendors: [
      'Starbucks: Coffee with {client} prospect | Coffee before pitch | Coffees for the team',
      'DoorDash: Food for late night release | Working lunch delivered',
      'Chipotle: Team lunch | Lunch with intern',
      'The Capital Grille: Client dinner in {city} | Dinner with investors',
      'Sweetgreen: Lunch meeting with designer | Salads for workshop',
      'Uber Eats: Dinner delivered during launch | Lunch order for meeting',
      'Pret A Manger: Breakfast before pitch | Sandwiches for training day',
      'Blue Bottle Coffee: Coffee meeting | Beans and pastries for the office',
      'Local Bistro: Catering for workshop | Team dinner',
      '-: Snacks for the office | Restaurant bill, client meeting',
    ],
    amount: [4, 420],
  },
  'Office Supplies': {
    vendors: [
      'Staples: Printer paper and toner | Pens, notebooks and sticky notes | Whiteboard markers',
      'Amazon: Shipping boxes and tape | Desk organizers and folders | Label maker refills',
      'Office Depot: Stationery for the office | Ink cartridges | Copy paper, 10 reams',
      'Vistaprint: Business cards printing | Letterhead printing',
      'Uline: Packing supplies | Bubble wrap and mailers',
      'Muji: Notebooks and gel pens | Desk supplies',
      '-: Envelopes and stamps | Office supplies',
    ],
    amount: [6, 260],
  },
  Rent: {
    vendors: [
      'WeWork: Coworking desk {month} | Hot desk membership {month} | Private office monthly fee',
      'Oak Street Landlord LLC: Office rent {month} | Rent {month}',
      'Regus: Meeting room hire | Virtual office address {month}',
      'Industrious: Private office, {month} | Coworking membership',
      'Brookfield Properties: Lease payment for studio | Rent for warehouse space',
      'Storage Plus: Storage unit rental | Storage locker {month}',
      '-: Office rent {month} | Lease payment {month}',
    ],
    amount: [180, 5200],
  },
  Utilities: {
    vendors: [
      'Comcast: Internet service {month} | Business fiber line',
      'Verizon: Mobile phone plan | Phone bill {month}',
      'PG&E: Electricity bill | Gas bill for studio | Power bill {month}',
      'AT&T: Business fiber line | Cell phone for support line',
      'Con Edison: Electricity {month} | Electric and gas bill',
      'City Water Dept: Water and sewer | Water bill {month}',
      'T-Mobile: Phone plan for sales team | Mobile data',
      '-: Internet {month} | Utilities {month}',
    ],
    amount: [25, 640],
  },
  Marketing: {
    vendors: [
      'Google: Search ads campaign {month} | Google Ads spend {month} | Display advertising for {client} launch',
      'Meta: Facebook and Instagram ads | Sponsored posts for product launch',
      'LinkedIn: Sponsored content campaign | LinkedIn ads {month}',
      'Mailchimp: Email newsletter platform | Email marketing {month}',
      'Semrush: SEO tool subscription | Keyword research tool',
      'Hootsuite: Social media scheduling | Social media management plan',
      'Canva: Design templates for social posts | Canva pro for marketing',
      'Reddit: Promoted posts | Ads for community launch',
      'Vistaprint: Flyers and banners for trade show | Promotional merchandise',
      '-: Trade show booth | Influencer promotion',
    ],
    amount: [20, 3800],
  },
  Insurance: {
    vendors: [
      'Hiscox: Professional liability premium | General liability insurance',
      'Next Insurance: Business owner policy renewal | Cyber insurance policy',
      'State Farm: Car insurance for company vehicle | Renters insurance for office',
      'Blue Cross: Health insurance premium {month} | Dental plan premium',
      'Allianz: Equipment insurance | Travel insurance annual policy',
      'Geico: Commercial auto policy | Auto insurance {month}',
      '-: Workers compensation premium | Insurance premium {month}',
    ],
    amount: [45, 2400],
  },
  'Bank Fees': {
    vendors: [
      'Stripe: Card processing fees {month} | Payout fee | Dispute fee',
      'Chase: Monthly account fee | Wire transfer fee | Overdraft interest',
      'PayPal: Transaction fees {month} | Currency conversion charge',
      'Wise: International transfer charge | Transfer fee to supplier',
      'American Express: Annual card fee | Late payment charge',
      'Bank of America: ATM fee | Stop payment fee',
      '-: Bank charges {month} | Service charge',
    ],
    amount: [1, 180],
  },
};

const rows: { vendor: string | null; description: string; amount: string; category: string }[] = [];
for (const [category, spec] of Object.entries(SPECS)) {
  const n = 28 + Math.floor(rnd() * 6);
  // A few vendors carry most of a category's expenses, as in real books; the last ones appear rarely.
  const weights = spec.vendors.map((_, i) => 1 / (i + 1.5));
  const total = weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < n; i++) {
    let r = rnd() * total;
    let v = 0;
    while (r > weights[v]! && v < weights.length - 1) r -= weights[v++]!;
    const [name, phrasings] = spec.vendors[v]!.split(/: (.*)/s) as [string, string];
    const d = fill(pick(phrasings.split(' | ')));
    const description = rnd() < 0.2 ? d.toLowerCase() : rnd() < 0.08 ? d.toUpperCase() : d;
    rows.push({ vendor: name === '-' ? null : name, description, amount: money(...spec.amount), category });
  }
}
// Shuffle (seeded), so the bench's split is not by category.
for (let i = rows.length - 1; i > 0; i--) {
  const j = Math.floor(rnd() * (i + 1));
  [rows[i], rows[j]] = [rows[j]!, rows[i]!];
}
writeFileSync(join(import.meta.dirname, 'expenses.json'), `${JSON.stringify(rows, null, 2)}\n`);
console.log(`${rows.length} expenses over ${Object.keys(SPECS).length} categories`);
