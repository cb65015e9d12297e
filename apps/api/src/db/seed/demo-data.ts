import { VALUATION_SOURCES } from '@cask/contracts/cask-records';
import type { NewCask, NewCaskValuation } from '../schema/casks.ts';
import type { NewCustomer } from '../schema/customers.ts';
import type { NotificationPriority, NotificationType } from '@cask/contracts/notifications';
import type { NewOffer, OfferDetails } from '../schema/offers.ts';
import type { NewPointTransaction } from '../schema/point-transactions.ts';
import type { CaskProgress, ManualPaymentStatus, NewOrder, OrderStatus } from '../schema/orders.ts';
import type { NewReferral } from '../schema/referrals.ts';
import type { NewWarehouse } from '../schema/warehouses.ts';
import {
  BONDED_WAREHOUSES,
  BOTTLE_LITRES,
  BOTTLE_PACKAGING,
  CASK_FINISHES,
  CASK_TYPES,
  DISTILLERIES,
  EMAIL_DOMAINS,
  EXPERIENCES,
  FIRST_NAMES,
  LAST_NAMES,
  NOTIFICATION_TEMPLATES,
  ORDER_NOTES,
  WAREHOUSE_BAYS,
  WAREHOUSE_RACKS,
  WAREHOUSES,
} from './catalogue.ts';
import { createRandom, type Random } from './prng.ts';

export interface DemoOptions {
  seed: number;
  /** Dates are laid out backwards from this day (UTC midnight), so the data always looks recent. */
  today: Date;
  /** Admins that exist already: they made the manual adjustments and read some notifications. */
  adminIds: readonly string[];
  customers?: number;
}

/** An image to store in `files` before the offer that shows it (rendered by the service). */
export interface DemoImage {
  id: string;
  /** Two colours and a shape: the service draws them, so the data stays plain values. */
  palette: readonly [string, string];
  shape: 'cask' | 'bottle' | 'glass';
}

export interface DemoData {
  /** The day the data is laid out from (the gauge histories end before it). */
  today: Date;
  customers: (NewCustomer & { id: string })[];
  /** The bonded warehouses the casks lie in (issue 44). */
  warehouses: (NewWarehouse & { id: string })[];
  casks: (NewCask & { id: string })[];
  /** Each cask's valuations, one a month (issue 44); the database writes the monthly points. */
  caskValuations: NewCaskValuation[];
  images: DemoImage[];
  offers: (NewOffer & { id: string })[];
  offerImages: { offerId: string; fileId: string; position: number }[];
  orders: (NewOrder & { id: string })[];
  orderNotes: { orderId: string; content: string; adminId: string | null; createdAt: Date }[];
  referrals: (NewReferral & { id: string })[];
  pointTransactions: NewPointTransaction[];
  notifications: {
    id: string;
    title: string;
    message: string;
    type: NotificationType;
    priority: NotificationPriority;
    category: string;
    adminNotes: string | null;
    isGlobal: boolean;
    recipientId: string | null;
    createdBy: string | null;
    createdAt: Date;
  }[];
  notificationReads: { adminId: string; notificationId: string; readAt: Date }[];
}

const DAY = 24 * 60 * 60 * 1000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Sub-streams per table: adding rows to one table never changes another's (e.g. the e-mails). */
function stream(seed: number, name: string): Random {
  let hash = seed >>> 0;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return createRandom(hash);
}

function uuidFrom(random: Random): string {
  const bytes = Array.from({ length: 16 }, () => random.int(0, 255));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const money = (value: number) => (Math.round(value * 100) / 100).toFixed(2);
const roundTo = (value: number, step: number) => Math.round(value / step) * step;
const between = (random: Random, from: Date, to: Date) =>
  new Date(from.getTime() + Math.floor(random.next() * Math.max(0, to.getTime() - from.getTime())));
const monthStart = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function buildCustomers(options: DemoOptions, count: number) {
  const random = stream(options.seed, 'customers');
  const emails = new Set<string>();
  const codes = new Set<string>();
  const customers: DemoData['customers'] = [];
  for (let index = 0; index < count; index++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const domain = random.pick(EMAIL_DOMAINS);
    const style = random.int(0, 3);
    const local = [
      `${first}.${last}`,
      `${first[0]}${last}`,
      `${first}${last}${random.int(1, 99)}`,
      `${last}.${first}`,
    ][style]!.toLowerCase();
    let email = `${local}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = `${local}${n}@${domain}`;
    emails.add(email);
    let code = '';
    while (code === '' || codes.has(code)) {
      code = Array.from({ length: 12 }, () => random.pick([...CODE_ALPHABET])).join('');
    }
    codes.add(code);
    const phone = random.chance(0.8)
      ? random.chance(0.6)
        ? `+447700900${String(random.int(0, 999)).padStart(3, '0')}`
        : `+1202555${String(random.int(100, 199)).padStart(4, '0')}`
      : null;
    const createdAt = new Date(
      options.today.getTime() - random.int(1, 900) * DAY - random.int(0, DAY / 1000) * 1000,
    );
    const deleted = random.chance(0.015);
    customers.push({
      id: uuidFrom(random),
      fullName: `${first} ${last}`,
      email,
      phone,
      isActive: random.chance(0.88),
      referralCode: code,
      createdAt,
      updatedAt: createdAt,
      deletedAt: deleted ? between(random, createdAt, options.today) : null,
    });
  }
  return customers;
}

function buildWarehouses(options: DemoOptions): DemoData['warehouses'] {
  const random = stream(options.seed, 'warehouses');
  return BONDED_WAREHOUSES.map((warehouse) => ({ id: uuidFrom(random), ...warehouse }));
}

/**
 * A cask's identity (issue 44, decision 400), from a stream of its own so the casks' other
 * columns stay as they were: a number unique within its distillery and fill year, a fill date in
 * its year, a warehouse and a rack and bay there. Bottles and experiences have none of them.
 */
function caskIdentities(options: DemoOptions, warehouses: DemoData['warehouses']) {
  const random = stream(options.seed, 'cask identities');
  const taken = new Set<string>();
  return (distillery: string, year: number) => {
    let number: string;
    do number = String(random.int(100, 9999));
    while (taken.has(`${distillery}:${year}:${number}`));
    taken.add(`${distillery}:${year}:${number}`);
    const month = String(random.int(1, 12)).padStart(2, '0');
    const day = String(random.int(1, 28)).padStart(2, '0');
    return {
      caskNumber: number,
      fillDate: `${year}-${month}-${day}`,
      warehouseId: random.pick(warehouses).id,
      location: `Rack ${random.int(1, WAREHOUSE_RACKS)}, Bay ${random.int(1, WAREHOUSE_BAYS)}`,
    };
  };
}

function buildCasks(
  options: DemoOptions,
  owners: DemoData['customers'],
  warehouses: DemoData['warehouses'],
) {
  const random = stream(options.seed, 'casks');
  const identityOf = caskIdentities(options, warehouses);
  // The valuations' days and sources from a stream of their own: the casks stay as they were.
  const valuing = stream(options.seed, 'valuations');
  const casks: DemoData['casks'] = [];
  const caskValuations: DemoData['caskValuations'] = [];
  const count = Math.max(10, Math.round(owners.length * 0.6));
  for (let index = 0; index < count; index++) {
    const owner = random.pick(owners);
    const distillery = random.pick(DISTILLERIES);
    const caskType = random.pick(CASK_TYPES);
    const finish = random.pick(CASK_FINISHES);
    const kind = random.weighted([
      ['cask', 90],
      ['bottle', 6],
      ['experience', 4],
    ] as const);
    const year = random.int(1988, 2021);
    const purchaseDate = between(
      random,
      new Date(Math.max(owner.createdAt!.getTime(), options.today.getTime() - 1500 * DAY)),
      new Date(options.today.getTime() - 30 * DAY),
    );
    const purchasePrice = roundTo(random.int(4_000, 120_000), 50);
    const yearsHeld = (options.today.getTime() - purchaseDate.getTime()) / (365 * DAY);
    const growth = random.chance(0.1) ? -random.next() * 0.08 : 0.03 + random.next() * 0.15;
    const currentValue = purchasePrice * Math.max(0.85, 1 + growth * Math.max(yearsHeld, 0.1));
    const status =
      kind === 'experience'
        ? ('Experience' as const)
        : random.weighted([
            ['Ready', 45],
            ['Maturing', 55],
          ] as const);
    const id = uuidFrom(random);
    // Drawn for every row in the order they always were, so the rows stay as they were.
    const abv = (46 + random.next() * 20).toFixed(1);
    const place = random.pick(WAREHOUSES);
    casks.push({
      id,
      name:
        kind === 'bottle'
          ? `${distillery.name} ${year} Single Cask Bottling`
          : kind === 'experience'
            ? `${distillery.name} Cask Experience`
            : `${distillery.name} ${year} ${finish} ${caskType.name}`,
      distillery: distillery.name,
      year,
      // Litres and percent, as the numeric columns keep them (the screens add L, cl and %).
      volume: String(kind === 'bottle' ? BOTTLE_LITRES : caskType.litres),
      abv,
      location: place,
      ...(kind === 'cask' ? identityOf(distillery.name, year) : {}),
      purchasePrice: money(purchasePrice),
      currentValue: money(currentValue),
      estimatedValue: money(currentValue * (1.02 + random.next() * 0.13)),
      status,
      ownerId: owner.id,
      type: kind,
      notes: random.chance(0.3)
        ? random.pick([
            'Regauged last spring; strength holding well.',
            'Owner asked for a sample at the next visit.',
            'Candidate for bottling next year.',
            'Insurance valuation updated.',
          ])
        : null,
      purchaseDate,
      createdAt: purchaseDate,
      updatedAt: purchaseDate,
    });
    // One valuation a month from the month of purchase to this month (at most two years), on a
    // day of it no later than today and no earlier than the purchase, ending at the current
    // value: the latest valuation is the current value (decision 395), and the "Value
    // Appreciation Over Time" bars (a month's latest valuation) end where the table does.
    const months: Date[] = [];
    for (
      let month = monthStart(options.today);
      month >= monthStart(purchaseDate) && months.length < 24;
      month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - 1, 1))
    ) {
      months.unshift(month);
    }
    months.forEach((month, position) => {
      const progress = months.length === 1 ? 1 : position / (months.length - 1);
      const noise = position === months.length - 1 ? 0 : (random.next() - 0.5) * 0.02;
      const value =
        position === months.length - 1
          ? currentValue
          : (purchasePrice + (currentValue - purchasePrice) * progress) * (1 + noise);
      const day = new Date(month.getTime() + valuing.int(0, 27) * DAY);
      const valuedOn =
        day > options.today ? options.today : day < purchaseDate ? purchaseDate : day;
      caskValuations.push({
        caskId: id,
        valuedOn: isoDate(valuedOn),
        value: money(value),
        source: valuing.weighted([
          [VALUATION_SOURCES[0], 5],
          [VALUATION_SOURCES[1], 2],
          [VALUATION_SOURCES[2], 2],
          [VALUATION_SOURCES[3], 1],
        ] as const),
      });
    });
  }
  return { casks, caskValuations };
}

function buildOffers(options: DemoOptions) {
  const random = stream(options.seed, 'offers');
  const offers: DemoData['offers'] = [];
  const images: DemoImage[] = [];
  const offerImages: DemoData['offerImages'] = [];
  const palettes = [
    ['#f5e6c8', '#b8860b'],
    ['#fbf3e2', '#8b5a2b'],
    ['#efe0c0', '#6b4226'],
    ['#f8edd6', '#a0522d'],
  ] as const;
  const plan = [
    ...Array.from({ length: 10 }, () => 'cask' as const),
    ...Array.from({ length: 8 }, () => 'bottle' as const),
    ...Array.from({ length: 6 }, () => 'experience' as const),
  ];
  plan.forEach((type, index) => {
    const distillery = random.pick(DISTILLERIES);
    const createdAt = new Date(options.today.getTime() - random.int(5, 300) * DAY);
    const expiry = new Date(options.today.getTime() + random.int(-20, 150) * DAY);
    let title: string;
    let details: OfferDetails;
    let price: number;
    let description: string;
    if (type === 'cask') {
      const caskType = random.pick(CASK_TYPES);
      const finish = random.pick(CASK_FINISHES);
      const vintage = random.int(1990, 2020);
      title = `${distillery.name} ${vintage} ${finish} ${caskType.name}`;
      details = {
        distillery: distillery.name,
        caskType: `${finish} ${caskType.name}`,
        vintage,
        abv: Number((50 + random.next() * 15).toFixed(1)),
        volume: caskType.litres,
      };
      price = roundTo(random.int(8_000, 150_000), 500);
      description = `A ${caskType.name.toLowerCase()} of ${vintage} ${distillery.region} single malt from ${distillery.name}, matured in ${finish.toLowerCase()} wood and held under bond.`;
    } else if (type === 'bottle') {
      const age = random.pick([12, 15, 18, 21, 25, 30]);
      title = `${distillery.name} ${age} Year Old`;
      details = {
        distillery: distillery.name,
        packaging: random.pick(BOTTLE_PACKAGING),
        quantity: random.pick([6, 12, 24, 60, 120]),
        volume: BOTTLE_LITRES,
        certificate: random.chance(0.7) ? 'Certificate of authenticity' : 'None',
      };
      price = roundTo(random.int(150, 4_000), 10);
      description = `${age}-year-old ${distillery.region} single malt from ${distillery.name}, bottled for members.`;
    } else {
      const experience = EXPERIENCES[index % EXPERIENCES.length]!;
      title = experience.title;
      details = {
        packaging: 'Digital voucher',
        duration: experience.duration,
        testing: `${random.int(3, 8)} drams from the club's casks`,
        participants: random.pick([2, 4, 6, 8, 12]),
        includes: experience.includes,
      };
      price = roundTo(random.int(250, 3_500), 50);
      description = `${experience.title}: ${experience.includes.toLowerCase()}.`;
    }
    const id = uuidFrom(random);
    const originalPrice = price * (0.8 + random.next() * 0.15);
    offers.push({
      id,
      title,
      type,
      priceNumeric: money(price),
      originalPrice: money(originalPrice),
      currentPrice: money(price),
      isActive: expiry.getTime() > options.today.getTime() && random.chance(0.85),
      isFeatured: random.chance(0.3),
      expiryDate: isoDate(expiry),
      description,
      category: random.weighted([
        ['standard', 6],
        ['premium', 3],
        ['limited', 1],
      ] as const),
      location: type === 'experience' ? `${distillery.region}, Scotland` : random.pick(WAREHOUSES),
      details,
      createdAt,
      updatedAt: createdAt,
    });
    const shape = type === 'cask' ? 'cask' : type === 'bottle' ? 'bottle' : 'glass';
    const banner: DemoImage = { id: uuidFrom(random), palette: random.pick(palettes), shape };
    images.push(banner);
    offers[offers.length - 1]!.imageFileId = banner.id;
    const slides = random.int(0, 3);
    for (let position = 0; position < slides; position++) {
      const slide: DemoImage = { id: uuidFrom(random), palette: random.pick(palettes), shape };
      images.push(slide);
      offerImages.push({ offerId: id, fileId: slide.id, position });
    }
  });
  return { offers, images, offerImages };
}

function buildReferrals(options: DemoOptions, customers: DemoData['customers']) {
  const random = stream(options.seed, 'referrals');
  const referrals: DemoData['referrals'] = [];
  const byAge = [...customers].sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  const referees = new Set<string>();
  const count = Math.round(customers.length * 0.22);
  for (let attempt = 0; referrals.length < count && attempt < count * 20; attempt++) {
    // A referee joined after the referrer: pick the referee among the younger half.
    const refereeIndex = random.int(Math.floor(byAge.length / 3), byAge.length - 1);
    const referee = byAge[refereeIndex]!;
    const referrer = byAge[random.int(0, refereeIndex - 1)]!;
    if (referees.has(referee.id!) || referrer.id === referee.id) continue;
    referees.add(referee.id!);
    const completed = random.chance(0.6);
    const joined = referee.createdAt!;
    const completedDate = completed
      ? new Date(Math.min(options.today.getTime(), joined.getTime() + random.int(3, 60) * DAY))
      : null;
    const firstPurchaseAmount = completed ? roundTo(random.int(2_000, 60_000), 100) : null;
    referrals.push({
      id: uuidFrom(random),
      referrerId: referrer.id,
      refereeId: referee.id!,
      referralCode: referrer.referralCode!,
      status: completed ? 'completed' : 'pending',
      rewardAmount: money(random.pick([50, 100, 150, 250, 500])),
      currency: 'USD',
      completedDate,
      firstPurchaseAmount: firstPurchaseAmount === null ? null : money(firstPurchaseAmount),
      firstPurchaseDate: completedDate,
      adminNotes: random.chance(0.25)
        ? random.pick([
            'Met at the Speyside tasting.',
            'Referred by phone; confirmed by e-mail.',
            'Reward to be paid with the next statement.',
          ])
        : null,
      // What completing it credits the referrer: a pending referral has its points waiting too.
      pointsAwarded: random.pick([100, 200, 250, 500]),
      rewardPaid: completed && random.chance(0.7),
      createdAt: joined,
      updatedAt: completedDate ?? joined,
    });
  }
  return referrals;
}

const ORDER_STATUSES_ALL: OrderStatus[] = ['Active', 'Pending', 'Delivered', 'Reject'];
const PAYMENTS_ALL: ManualPaymentStatus[] = ['paid', 'refunded', 'Delivered', 'due', 'completed'];
const PROGRESS_ALL: CaskProgress[] = ['Ready', 'Maturing'];

function buildOrders(
  options: DemoOptions,
  customers: DemoData['customers'],
  offers: DemoData['offers'],
  referrals: DemoData['referrals'],
) {
  const random = stream(options.seed, 'purchases');
  const orders: DemoData['orders'] = [];
  const orderNotes: DemoData['orderNotes'] = [];
  const referred = new Set(referrals.map((referral) => referral.refereeId));
  // Every status with every payment status first, then a realistic mix.
  const combos = ORDER_STATUSES_ALL.flatMap((status) =>
    PAYMENTS_ALL.map((payment) => [status, payment] as const),
  );
  const count = Math.max(combos.length, Math.round(customers.length * 0.45));
  for (let index = 0; index < count; index++) {
    const customer = random.pick(customers);
    const offer = random.pick(offers);
    const [status, payment] =
      combos[index] ??
      ([
        random.weighted([
          ['Active', 35],
          ['Pending', 30],
          ['Delivered', 25],
          ['Reject', 10],
        ] as const),
        random.weighted([
          ['paid', 40],
          ['due', 25],
          ['completed', 20],
          ['Delivered', 10],
          ['refunded', 5],
        ] as const),
      ] as const);
    const submittedDate = between(
      random,
      new Date(Math.max(customer.createdAt!.getTime(), options.today.getTime() - 400 * DAY)),
      options.today,
    );
    const id = uuidFrom(random);
    orders.push({
      id,
      customerId: customer.id,
      offerId: offer.id,
      title: offer.title,
      contactFullName: customer.fullName,
      contactEmail: customer.email,
      preferredContactMethod: random.pick(['email', 'phone', 'whatsapp']),
      phoneNumber: customer.phone ?? null,
      investmentAmount: money(
        offer.type === 'cask'
          ? Number(offer.priceNumeric)
          : Number(offer.priceNumeric) * random.int(1, 6),
      ),
      status,
      caskProgress: PROGRESS_ALL[index % 2] ?? 'Ready',
      manualPaymentStatus: payment,
      isFirstPurchase: false,
      referralPointsAmount: 0,
      submittedDate,
      daysLeft: random.int(0, 60),
      createdAt: submittedDate,
      updatedAt: submittedDate,
    });
    const notes = random.int(0, 3);
    let noteTime = submittedDate.getTime();
    for (let n = 0; n < notes; n++) {
      noteTime = Math.min(options.today.getTime(), noteTime + random.int(1, 20) * DAY);
      orderNotes.push({
        orderId: id,
        content: random.pick(ORDER_NOTES),
        adminId: options.adminIds.length > 0 ? random.pick(options.adminIds) : null,
        createdAt: new Date(noteTime),
      });
    }
  }
  // The first order of each customer is their "first purchase"; a referred customer's earns points.
  const seen = new Set<string>();
  for (const purchase of [...orders].sort(
    (a, b) => a.submittedDate!.getTime() - b.submittedDate!.getTime(),
  )) {
    if (seen.has(purchase.customerId)) continue;
    seen.add(purchase.customerId);
    purchase.isFirstPurchase = true;
    if (referred.has(purchase.customerId)) purchase.referralPointsAmount = random.pick([100, 250]);
  }
  return { orders, orderNotes };
}

/**
 * The ledger, in time order: referral rewards, points for paid orders, goodwill credits, and
 * redemptions that never take more than the balance at that moment
 * (docs/architecture.md#data-model).
 */
function buildLedger(
  options: DemoOptions,
  customers: DemoData['customers'],
  referrals: DemoData['referrals'],
  orders: DemoData['orders'],
  byName: Map<string, string>,
) {
  const random = stream(options.seed, 'ledger');
  const entries: NewPointTransaction[] = [];
  for (const referral of referrals) {
    if (referral.status !== 'completed' || !referral.completedDate) continue;
    entries.push({
      customerId: referral.referrerId,
      points: referral.pointsAwarded!,
      type: 'referral',
      // Linked, so setting the referral back to pending takes back exactly this (decision 155).
      referralId: referral.id,
      description: `Referral reward: ${byName.get(referral.refereeId) ?? 'new member'}`,
      createdAt: referral.completedDate,
    });
  }
  for (const purchase of orders) {
    if (purchase.manualPaymentStatus !== 'paid' && purchase.manualPaymentStatus !== 'completed') {
      continue;
    }
    const points = Math.max(1, Math.floor(Number(purchase.investmentAmount) / 100));
    entries.push({
      customerId: purchase.customerId,
      points,
      type: 'purchase',
      description: `Points for order: ${purchase.title}`,
      createdAt: new Date(
        Math.min(options.today.getTime(), purchase.submittedDate!.getTime() + 2 * DAY),
      ),
    });
  }
  const adminId = () => (options.adminIds.length > 0 ? random.pick(options.adminIds) : null);
  for (let index = 0; index < Math.round(customers.length * 0.08); index++) {
    const customer = random.pick(customers);
    entries.push({
      customerId: customer.id,
      points: random.pick([25, 50, 100, 150]),
      type: 'manual_adjustment',
      description: random.pick(['Goodwill credit', 'Birthday bonus', 'Event attendance']),
      adminNotes: random.chance(0.5) ? 'Approved by the club manager.' : null,
      adminId: adminId(),
      createdAt: between(random, customer.createdAt!, options.today),
    });
  }
  entries.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());

  // Redemptions come after everything else a customer has, for at most what they hold then.
  const balances = new Map<string, { points: number; last: number }>();
  for (const entry of entries) {
    const held = balances.get(entry.customerId) ?? { points: 0, last: 0 };
    balances.set(entry.customerId, {
      points: held.points + entry.points,
      last: entry.createdAt!.getTime(),
    });
  }
  for (const [customerId, held] of balances) {
    if (held.points <= 0 || !random.chance(0.35)) continue;
    const taken = Math.max(1, Math.floor(held.points * (0.2 + random.next() * 0.8)));
    entries.push({
      customerId,
      points: -taken,
      type: 'manual_adjustment',
      description: random.pick([
        'Redeemed: warehouse tasting',
        'Redeemed: bottle voucher',
        'Correction of a duplicate credit',
      ]),
      adminNotes: null,
      adminId: adminId(),
      // Strictly after the last credit, so no ordering of equal times shows a negative balance.
      createdAt: new Date(
        Math.max(held.last + 60_000, between(random, new Date(held.last), options.today).getTime()),
      ),
    });
  }
  entries.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  return entries;
}

const CATEGORY_BY_TYPE: Record<NotificationType, string> = {
  system: 'System',
  tier: 'Account',
  referral: 'Rewards',
  payment: 'Billing',
  cask: 'Investment',
  offer: 'Marketing',
  purchase: 'Orders',
};

function buildNotifications(options: DemoOptions, customers: DemoData['customers']) {
  const random = stream(options.seed, 'notifications');
  const notifications: DemoData['notifications'] = [];
  const notificationReads: DemoData['notificationReads'] = [];
  const types = Object.keys(NOTIFICATION_TEMPLATES) as NotificationType[];
  for (let index = 0; index < 49; index++) {
    const type = types[index % types.length]!;
    const templates: readonly { title: string; message: string }[] = NOTIFICATION_TEMPLATES[type];
    const template = random.pick(templates);
    // Announcements of the whole club go to everyone; the rest to one customer.
    const isGlobal =
      type === 'system' || type === 'offer' ? random.chance(0.7) : random.chance(0.1);
    const createdAt = new Date(
      options.today.getTime() - random.int(0, 60) * DAY - random.int(0, 86_399) * 1000,
    );
    const id = uuidFrom(random);
    notifications.push({
      id,
      title: template.title,
      message: template.message,
      type,
      priority: random.weighted([
        ['low', 3],
        ['medium', 5],
        ['high', 2],
        ['urgent', 1],
      ] as const),
      category: CATEGORY_BY_TYPE[type],
      adminNotes: random.chance(0.2) ? 'Sent after the monthly review.' : null,
      isGlobal,
      recipientId: isGlobal ? null : random.pick(customers).id,
      createdBy: options.adminIds.length > 0 ? random.pick(options.adminIds) : null,
      createdAt,
    });
    for (const adminId of options.adminIds) {
      // Older items are more likely read; the newest ones stay unread for the demo.
      const ageDays = (options.today.getTime() - createdAt.getTime()) / DAY;
      if (ageDays > 7 && random.chance(0.6)) {
        notificationReads.push({
          adminId,
          notificationId: id,
          readAt: between(random, createdAt, options.today),
        });
      }
    }
  }
  return { notifications, notificationReads };
}

/** Builds the whole demo data set in memory: the same seed and day give the same rows. */
export function buildDemoData(options: DemoOptions): DemoData {
  const customers = buildCustomers(options, options.customers ?? 300);
  const visible = customers.filter((customer) => !customer.deletedAt);
  const warehouses = buildWarehouses(options);
  const { casks, caskValuations } = buildCasks(options, visible, warehouses);
  const { offers, images, offerImages } = buildOffers(options);
  const referrals = buildReferrals(options, visible);
  const { orders, orderNotes } = buildOrders(options, visible, offers, referrals);
  const byName = new Map(customers.map((customer) => [customer.id, customer.fullName]));
  const pointTransactions = buildLedger(options, visible, referrals, orders, byName);
  const { notifications, notificationReads } = buildNotifications(options, visible);
  return {
    today: options.today,
    customers,
    warehouses,
    casks,
    caskValuations,
    images,
    offers,
    offerImages,
    orders,
    orderNotes,
    referrals,
    pointTransactions,
    notifications,
    notificationReads,
  };
}
