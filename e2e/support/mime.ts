/**
 * Just enough MIME to read what the API mails: nodemailer may send the text as 7bit,
 * quoted-printable or base64, alone or inside multipart/alternative next to an HTML part.
 * A real parser (mailparser) would be one more dependency for a four-digit code.
 */

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines start with white space and continue the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function stripHtml(html: string): string {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function textOf(part: MimePart): string | undefined {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = parameter(part.headers.get('content-type') ?? '', 'boundary');
    if (!boundary) return undefined;
    const children = part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .map((chunk) => splitPart(chunk.replace(/^\n/, '')));
    const texts = children.map((child) => ({ child, text: textOf(child) }));
    const plain = texts.find(
      ({ child, text }) =>
        text !== undefined &&
        !(child.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith('text/html'),
    );
    return (plain ?? texts.find(({ text }) => text !== undefined))?.text;
  }
  if (type.startsWith('text/html')) return stripHtml(decodeBody(part));
  if (type.startsWith('text/')) return decodeBody(part);
  return undefined;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=) in headers such as Subject. */
function decodeHeader(value: string): string {
  // White space between two encoded words is not part of the text.
  const joined = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  return joined.replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

export function readMail(raw: string): { subject: string; text: string } {
  const message = splitPart(raw);
  return {
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: (textOf(message) ?? '').trim(),
  };
}

/**
 * The one-time code of a recovery mail: four digits standing alone. Prefers one near the
 * words "code" or "OTP" so that a year or "10 minutes" elsewhere in the text cannot win.
 */
export function oneTimeCodeFrom(text: string): string {
  const labelled = /(?:code|otp)\D{0,40}?(?<!\d)(\d{4})(?!\d)/i.exec(text);
  if (labelled?.[1]) return labelled[1];
  const standalone = [...text.matchAll(/(?<!\d)(\d{4})(?!\d)/g)].map((m) => m[1]);
  if (standalone.length === 1 && standalone[0]) return standalone[0];
  throw new Error(`Cannot find exactly one 4-digit code in the mail:\n${text}`);
}
