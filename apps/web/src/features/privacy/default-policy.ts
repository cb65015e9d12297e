/** Quill's own list markup, so the default reads the same in the view and in the editor. */
function bullets(items: string[]): string {
  const lines = items.map(
    (item) => `<li data-list="bullet"><span class="ql-ui"></span>${item}</li>`,
  );
  return `<ol>${lines.join('')}</ol>`;
}

/**
 * docs/screens/privacy-policy.md: the built-in policy shown until an administrator saves one. A
 * sensible starting text for a whisky-cask investment club, meant to be reviewed and edited, not
 * legal advice.
 */
export const DEFAULT_PRIVACY_POLICY = [
  '<p>This policy explains how the club collects, uses and protects the personal information of its members and of people who are referred to it. We only ask for what we need to run your membership and your cask holdings, and we never sell your information.</p>',
  '<h2>1. Information we collect</h2>',
  bullets([
    '<strong>Identity and contact details</strong>: your name, e-mail address, postal address, phone number and preferred way of being contacted.',
    '<strong>Holdings and transactions</strong>: the casks, bottles and experiences you own or order, their purchase and current values, payments, and reward points.',
    '<strong>Referrals</strong>: who referred you and whom you referred, with the rewards earned.',
    '<strong>Verification records</strong>: the documents we must check to meet anti-money-laundering and know-your-customer rules.',
    '<strong>Correspondence</strong>: messages and notifications we exchange with you.',
  ]),
  '<h2>2. How we use it</h2>',
  bullets([
    'To keep the register of your casks, arrange storage, bottling, insurance and delivery, and report their value to you.',
    'To process purchases, payments and refunds, and to keep the accounts the law requires.',
    'To run the referral and reward programme.',
    'To send you service messages and, where you agreed to it, news of offers and tastings.',
    'To prevent fraud and meet our legal and regulatory obligations.',
  ]),
  '<h2>3. Legal bases</h2>',
  '<p>We process your information to perform our agreement with you, to comply with the law, for our legitimate interest in running and protecting the club, and, for marketing, with your consent, which you can withdraw at any time.</p>',
  '<h2>4. Who we share it with</h2>',
  '<p>Only with those who help us look after your holdings and who are bound to protect it: bonded warehouses and distilleries holding your casks, insurers, payment providers, couriers, professional advisers and auditors, and authorities when the law requires it.</p>',
  '<h2>5. How long we keep it</h2>',
  '<p>For as long as you are a member and afterwards for as long as the law requires us to keep financial and ownership records (usually six years). Marketing preferences are deleted as soon as you withdraw your consent.</p>',
  '<h2>6. How we protect it</h2>',
  '<p>Access is limited to administrators who need it, every change is recorded, passwords are stored only as secure hashes, and connections are encrypted.</p>',
  '<h2>7. Your rights</h2>',
  bullets([
    'See the information we hold about you and receive a copy of it.',
    'Have inaccurate information corrected.',
    'Ask us to erase or restrict it, where the law allows.',
    'Object to its use for marketing, at any time.',
    'Complain to your data protection authority.',
  ]),
  '<h2>8. Contact</h2>',
  '<p>To use any of these rights or ask a question about this policy, contact the club through the details in your membership agreement. We answer within one month.</p>',
  '<h2>9. Changes to this policy</h2>',
  '<p>We will publish any change on this page and tell members of important changes before they take effect.</p>',
].join('');
