/**
 * The raw material of the demo and bulk data: names, distilleries, warehouses, offers. Plain
 * letters only (no apostrophes or accents), so e-mails can be built from names by lower-casing.
 */

// prettier-ignore
export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David',
  'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah',
  'Charles', 'Karen', 'Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony',
  'Margaret', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily',
  'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian',
  'Melissa', 'George', 'Deborah', 'Timothy', 'Stephanie', 'Ronald', 'Rebecca', 'Edward', 'Laura',
  'Jason', 'Sharon', 'Jeffrey', 'Cynthia', 'Ryan', 'Kathleen', 'Jacob', 'Amy', 'Gary', 'Angela',
  'Nicholas', 'Shirley', 'Eric', 'Anna', 'Jonathan', 'Brenda', 'Stephen', 'Pamela', 'Larry',
  'Emma', 'Justin', 'Nicole', 'Scott', 'Helen', 'Brandon', 'Samantha', 'Benjamin', 'Katherine',
  'Samuel', 'Christine', 'Gregory', 'Debra', 'Alexander', 'Rachel', 'Frank', 'Carolyn', 'Patrick',
  'Janet', 'Raymond', 'Catherine', 'Jack', 'Maria', 'Dennis', 'Heather', 'Jerry', 'Diane', 'Tyler',
  'Ruth', 'Aaron', 'Julie', 'Henry', 'Olivia', 'Douglas', 'Joyce', 'Peter', 'Victoria', 'Adam',
  'Kelly', 'Nathan', 'Christina', 'Zachary', 'Lauren', 'Walter', 'Joan', 'Kyle', 'Evelyn',
  'Harold', 'Judith', 'Carl', 'Megan', 'Jeremy', 'Andrea', 'Keith', 'Cheryl', 'Roger', 'Hannah',
  'Gerald', 'Jacqueline', 'Ethan', 'Martha', 'Arthur', 'Gloria', 'Terry', 'Teresa', 'Christian',
  'Sara', 'Sean', 'Madison', 'Lawrence', 'Frances', 'Austin', 'Kathryn', 'Joe', 'Janice', 'Noah',
  'Jean', 'Jesse', 'Abigail', 'Albert', 'Alice', 'Bryan', 'Judy', 'Billy', 'Sophia', 'Bruce',
  'Grace', 'Willie', 'Denise', 'Jordan', 'Amber', 'Dylan', 'Doris', 'Alan', 'Marilyn', 'Ralph',
  'Danielle', 'Gabriel', 'Beverly', 'Roy', 'Isabella', 'Juan', 'Theresa', 'Wayne', 'Diana',
  'Eugene', 'Natalie', 'Logan', 'Brittany', 'Randy', 'Charlotte', 'Louis', 'Marie', 'Russell',
  'Kayla', 'Vincent', 'Alexis', 'Philip', 'Lori', 'Fraser', 'Isla', 'Hamish', 'Ailsa', 'Callum',
  'Morag', 'Angus', 'Fiona', 'Euan', 'Kirsty', 'Lachlan', 'Eilidh', 'Ruaridh', 'Mhairi', 'Finlay',
  'Catriona', 'Ewan', 'Iona', 'Duncan', 'Shona', 'Alasdair', 'Skye', 'Hiroshi', 'Yuki', 'Kenji',
  'Aiko', 'Wei', 'Mei', 'Arjun', 'Priya', 'Rahul', 'Ananya', 'Lukas', 'Lena', 'Matteo', 'Giulia',
  'Mateo', 'Lucia', 'Hugo', 'Camille', 'Lars', 'Ingrid',
] as const;

// prettier-ignore
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez',
  'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore',
  'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark',
  'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres',
  'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell',
  'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker',
  'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook',
  'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly',
  'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood',
  'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes', 'Price', 'Alvarez', 'Castillo',
  'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez', 'Powell', 'Jenkins', 'Perry',
  'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes', 'Gonzales', 'Fisher',
  'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton', 'Graham',
  'Reynolds', 'Griffin', 'Wallace', 'Moreno', 'West', 'Cole', 'Hayes', 'Chen', 'Wang', 'Macdonald',
  'Mackenzie', 'Mackay', 'Macleod', 'Maclean', 'Macintyre', 'Mackintosh', 'Murray', 'Ferguson',
  'Fraser', 'Grant', 'Cameron', 'Robertson', 'Reid', 'Sinclair', 'Munro', 'Sutherland', 'Gordon',
  'Stuart', 'Buchanan', 'Drummond', 'Ogilvie', 'Menzies', 'Lindsay', 'Crawford', 'Galbraith',
  'Kerr', 'Douglas', 'Forbes', 'Hay', 'Innes', 'Kennedy', 'Lamont', 'Maxwell', 'Morrison',
  'Paterson', 'Rankin', 'Shaw', 'Watt', 'Baird', 'Boyd', 'Brodie', 'Carmichael', 'Dunbar',
  'Erskine', 'Fleming', 'Gillespie', 'Hendry', 'Irvine', 'Jardine', 'Keith', 'Leslie', 'Lockhart',
  'Napier', 'Pringle', 'Rutherford', 'Tait', 'Urquhart', 'Sato', 'Suzuki', 'Takahashi', 'Tanaka',
  'Watanabe', 'Liu', 'Zhang', 'Huang', 'Sharma', 'Gupta', 'Singh', 'Kumar', 'Mueller', 'Schmidt',
  'Schneider', 'Fischer', 'Weber', 'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Dubois',
  'Laurent', 'Moreau', 'Lefebvre', 'Jensen', 'Nielsen', 'Hansen', 'Larsen', 'Andersson',
  'Johansson', 'Karlsson', 'Nilsson', 'Silva', 'Santos', 'Oliveira', 'Costa', 'Novak', 'Kowalski',
  'Horvat', 'Papadopoulos',
] as const;

/**
 * Search terms the benchmark measures (issue 3): the common surname is given to exactly one
 * customer in 50 (2%), the rare one to five customers whatever the size. Neither appears inside
 * any other name or e-mail domain, so the number of matches is known exactly.
 */
export const SEARCH_TERMS = { common: 'Kilbride', rare: 'Auchterlonie' } as const;

/** Reserved example domains (RFC 2606): realistic-looking addresses that reach nobody. */
export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;

export const DISTILLERIES = [
  { name: 'Macallan', region: 'Speyside' },
  { name: 'Glenfarclas', region: 'Speyside' },
  { name: 'Glenlivet', region: 'Speyside' },
  { name: 'Glendronach', region: 'Highland' },
  { name: 'Springbank', region: 'Campbeltown' },
  { name: 'Ardbeg', region: 'Islay' },
  { name: 'Lagavulin', region: 'Islay' },
  { name: 'Bowmore', region: 'Islay' },
  { name: 'Bruichladdich', region: 'Islay' },
  { name: 'Caol Ila', region: 'Islay' },
  { name: 'Laphroaig', region: 'Islay' },
  { name: 'Highland Park', region: 'Islands' },
  { name: 'Talisker', region: 'Islands' },
  { name: 'Balvenie', region: 'Speyside' },
  { name: 'Glenmorangie', region: 'Highland' },
  { name: 'Dalmore', region: 'Highland' },
  { name: 'Mortlach', region: 'Speyside' },
  { name: 'Benriach', region: 'Speyside' },
  { name: 'Ben Nevis', region: 'Highland' },
  { name: 'Clynelish', region: 'Highland' },
] as const;

/** Cask sizes as the trade names them, with their usual volume in litres. */
export const CASK_TYPES = [
  { name: 'Hogshead', litres: 250 },
  { name: 'Barrel', litres: 200 },
  { name: 'Butt', litres: 500 },
  { name: 'Puncheon', litres: 450 },
  { name: 'Quarter Cask', litres: 125 },
  { name: 'Barrique', litres: 225 },
] as const;

/** A bottle of whisky: 70cl, in litres as volumes are kept. */
export const BOTTLE_LITRES = 0.7;

export const CASK_FINISHES = [
  'Oloroso Sherry',
  'Pedro Ximenez',
  'First-fill Bourbon',
  'Refill Bourbon',
  'Port',
  'Madeira',
  'Virgin Oak',
  'Rum',
] as const;

/** Bonded warehouses where the club's casks mature. */
export const WAREHOUSES = [
  'Speyside Bonded Warehouse 3, Craigellachie',
  'Islay Bond, Port Ellen',
  'Campbeltown Bond, Glebe Street',
  'Highland Bond, Tain',
  'Orkney Bond, Kirkwall',
  'Glasgow Bond, Bishopbriggs',
  'Edinburgh Bond, Leith',
  'Distillery Warehouse No. 1',
] as const;

/**
 * The bonded warehouses the seeded casks lie in (issue 44, docs/domain.md#identity): a name
 * each, unique regardless of case, and the town. A cask's place there is a rack and a bay.
 */
export const BONDED_WAREHOUSES = [
  { name: 'Bonded Warehouse No. 4', city: 'Dufftown' },
  { name: 'Craigellachie Bond', city: 'Craigellachie' },
  { name: 'Port Ellen Bond', city: 'Port Ellen' },
  { name: 'Glebe Street Bond', city: 'Campbeltown' },
  { name: 'Highland Bond No. 2', city: 'Tain' },
  { name: 'Bishopbriggs Bonded Warehouse', city: 'Bishopbriggs' },
  { name: 'Keith Bond No. 7', city: 'Keith' },
] as const;
/** Racks and bays a warehouse has: 'Rack 12, Bay 3'. */
export const WAREHOUSE_RACKS = 40;
export const WAREHOUSE_BAYS = 12;

export const BOTTLE_PACKAGING = [
  'Presentation box',
  'Wooden case',
  'Crystal decanter',
  'Gift tube',
] as const;

export const EXPERIENCES = [
  {
    title: 'Private Warehouse Tasting',
    duration: '3 hours',
    includes: 'Guided tasting of five casks, lunch, transfer from Aberlour',
  },
  {
    title: 'Islay Distillery Weekend',
    duration: '2 days',
    includes: 'Three distillery tours, two nights at a coastal inn, ferry crossings',
  },
  {
    title: 'Cask Sampling Masterclass',
    duration: '4 hours',
    includes: 'Valinch sampling from your own cask, blender masterclass, dinner',
  },
  {
    title: 'Campbeltown Heritage Tour',
    duration: '1 day',
    includes: 'Springbank malting floors, cooperage visit, tasting flight',
  },
  {
    title: 'Speyside Cooperage Experience',
    duration: '5 hours',
    includes: 'Cooperage workshop, charring demonstration, souvenir stave',
  },
] as const;

export const ORDER_NOTES = [
  'Client called to confirm the budget.',
  'Documents sent by e-mail.',
  'Awaiting bank transfer.',
  'Payment received, thank you letter sent.',
  'Bonded warehouse transfer requested.',
  'Client asked for a sample before delivery.',
  'Ownership certificate issued.',
  'Delivery scheduled with the courier.',
  'Client prefers to be contacted in the evening.',
  'Regauge requested from the warehouse.',
] as const;

export const NOTIFICATION_TEMPLATES = {
  system: [
    {
      title: 'Scheduled maintenance',
      message: 'The client portal will be unavailable on Sunday from 02:00 to 04:00 UTC.',
    },
    {
      title: 'New privacy policy',
      message: 'Our privacy policy has been updated. Please take a moment to read it.',
    },
  ],
  tier: [
    {
      title: 'Welcome to Gold tier',
      message: 'Your investments have reached the Gold tier: enjoy priority access to new casks.',
    },
    {
      title: 'Silver tier reached',
      message: 'You are now a Silver member. Thank you for your trust.',
    },
  ],
  referral: [
    {
      title: 'Your referral joined',
      message: 'A friend you referred has joined the club. Your reward is on its way.',
    },
    {
      title: 'Referral reward credited',
      message: 'Reward points for your referral have been added to your balance.',
    },
  ],
  payment: [
    { title: 'Payment received', message: 'We have received your payment. Thank you.' },
    { title: 'Payment reminder', message: 'A payment for your recent order is due within 7 days.' },
  ],
  cask: [
    {
      title: 'Cask regauged',
      message: 'Your cask has been regauged; the new strength is on your statement.',
    },
    {
      title: 'Cask valuation updated',
      message: 'The monthly valuation of your cask has been updated.',
    },
  ],
  offer: [
    {
      title: 'New cask offer',
      message: 'A new first-fill sherry butt from Speyside is available to members.',
    },
    {
      title: 'Offer closing soon',
      message: 'The current Islay offer closes at the end of the week.',
    },
  ],
  purchase: [
    { title: 'Order confirmed', message: 'Your order has been confirmed and is being processed.' },
    { title: 'Order delivered', message: 'Your bottles have been delivered. Slainte!' },
  ],
} as const;

// No title of its own: the page shows the policy under its 'Privacy Policy' heading, and a second
// h1 of the same name would leave a screen reader with two identical top-level headings.
export const PRIVACY_POLICY_HTML = [
  '<p>This policy explains how the club collects, uses and protects the personal data of its members.</p>',
  '<h2>What we collect</h2>',
  '<ul><li>Your name, e-mail address and phone number.</li><li>The casks, bottles and experiences you hold or order.</li><li>Your referrals and reward points.</li></ul>',
  '<h2>How we use it</h2>',
  '<p>We use your data to manage your holdings, to contact you about your orders and, if you agree, to tell you about new offers.</p>',
  '<h2>Your rights</h2>',
  '<p>You may ask for a copy of your data, its correction or its deletion at any time by writing to the club.</p>',
].join('');
