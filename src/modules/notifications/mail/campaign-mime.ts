/**
 * Stands for each recipient's unsubscribe token in a campaign rendered once for all of them: as long as
 * a token (64 hex digits, set by PostgreSQL) and made of letters and digits only, so quoted-printable
 * wraps a copy's lines exactly where it wraps the template's.
 */
export const TOKEN_PLACEHOLDER = 'UNSUBSCRIBExTOKENxPLACEHOLDERx7f3a9c'.padEnd(64, 'Q');

/** What differs between two copies of a campaign's e-mail. */
export interface CopyFields {
  to: string;
  messageId: string;
  unsubscribeToken: string;
}

/** A token that can be written in place of the placeholder, and an address that needs no encoding. */
const TOKEN_SHAPE = /^[0-9a-zA-Z]{64}$/;
const PLAIN_ADDRESS = /^[\x21-\x7e]{3,254}$/;

type Segment = string | { breaks: number[] };

/**
 * A campaign's MIME message built once by nodemailer (the costly part, ≈ 1 ms an e-mail) with the
 * placeholder for the token and without To, Message-ID and Date: a copy is those three header lines
 * followed by the template with the recipient's token written in (in List-Unsubscribe and in both
 * parts), a string concatenation. Quoted-printable's soft line breaks inside a placeholder are kept at
 * the same places (the token has the placeholder's length and alphabet).
 */
export class CampaignMime {
  /**
   * The segments as SMTP's DATA carries them: dot-stuffed (RFC 5321 4.5.2; after a bare LF too, as
   * servers that take LF for a line end read it) once, as bytes.
   */
  private readonly dataSegments: (Buffer | { breaks: number[] })[];

  private constructor(
    private readonly segments: Segment[],
    readonly envelopeFrom: string,
  ) {
    // A copy's own lines (To, Message-ID, Date) and its token never start with a dot, and a segment
    // after a token starts mid-line: only the template's own line starts are stuffed.
    this.dataSegments = segments.map((segment, index) =>
      typeof segment === 'string'
        ? Buffer.from(
            (index === 0 ? segment.replace(/^\./, '..') : segment).replaceAll('\n.', '\n..'),
            'latin1',
          )
        : segment,
    );
  }

  /** The template, or null when it cannot stand for every copy (the caller then builds each copy). */
  static async compile(mail: {
    from: string;
    subject: string;
    html: string;
    text: string;
    headers: Record<string, { prepared: true; value: string }>;
  }): Promise<CampaignMime | null> {
    const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
    const node = new MailComposer({
      from: mail.from,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      textEncoding: 'quoted-printable',
      headers: mail.headers,
    }).compile();
    const envelopeFrom = node.getEnvelope().from;
    const raw = await new Promise<Buffer>((resolve, reject) =>
      node.build((error, message) => (error ? reject(error) : resolve(message))),
    );
    const message = raw.toString('latin1');
    const headerEnd = message.indexOf('\r\n\r\n');
    if (headerEnd < 0 || !envelopeFrom) return null;
    // Header lines that each copy writes itself (nodemailer adds a Message-ID and a Date of its own).
    const headers = message
      .slice(0, headerEnd)
      .split(/\r\n(?![ \t])/)
      .filter((line) => !/^(message-id|date|to):/i.test(line));
    const template = `${headers.join('\r\n')}${message.slice(headerEnd)}`;
    const pattern = new RegExp([...TOKEN_PLACEHOLDER].join('(?:=\\r\\n)?'), 'g');
    const segments: Segment[] = [];
    let at = 0;
    let slots = 0;
    for (const match of template.matchAll(pattern)) {
      segments.push(template.slice(at, match.index));
      const breaks: number[] = [];
      let offset = 0;
      for (const part of match[0].split('=\r\n')) {
        offset += part.length;
        breaks.push(offset);
      }
      breaks.pop();
      segments.push({ breaks });
      at = match.index + match[0].length;
      slots += 1;
    }
    segments.push(template.slice(at));
    const expected =
      1 +
      mail.html.split(TOKEN_PLACEHOLDER).length -
      1 +
      mail.text.split(TOKEN_PLACEHOLDER).length -
      1;
    return slots === expected ? new CampaignMime(segments, envelopeFrom) : null;
  }

  /** Whether this copy can be written from the template (a plain address and a token's shape). */
  fits(copy: CopyFields): boolean {
    return (
      TOKEN_SHAPE.test(copy.unsubscribeToken) &&
      PLAIN_ADDRESS.test(copy.to) &&
      !/[<>\s]/.test(copy.to)
    );
  }

  /** One recipient's copy of the message. */
  copy(copy: CopyFields, date = new Date()): Buffer {
    return Buffer.from(this.assemble(this.segments, copy, date).join(''), 'latin1');
  }

  /**
   * One recipient's copy as SMTP's DATA (dot-stuffed, ending in CRLF, without the final dot line): the
   * template's bytes shared by every copy, and the copy's own few short strings between them.
   */
  data(copy: CopyFields, date = new Date()): (string | Buffer)[] {
    const pieces = this.assemble(this.dataSegments, copy, date);
    const last = pieces.at(-1);
    const endsWithLine =
      typeof last === 'string' ? last.endsWith('\r\n') : last?.subarray(-2).toString() === '\r\n';
    return endsWithLine ? pieces : [...pieces, '\r\n'];
  }

  private assemble<Text extends string | Buffer>(
    segments: readonly (Text | { breaks: number[] })[],
    copy: CopyFields,
    date: Date,
  ): (Text | string)[] {
    const token = copy.unsubscribeToken;
    const pieces: (Text | string)[] = [
      `To: ${copy.to}\r\nMessage-ID: ${copy.messageId}\r\n` +
        `Date: ${date.toUTCString().replace(/GMT$/, '+0000')}\r\n`,
    ];
    for (const segment of segments) {
      if (typeof segment === 'string' || Buffer.isBuffer(segment)) {
        pieces.push(segment as Text);
      } else if (segment.breaks.length === 0) {
        pieces.push(token);
      } else {
        let from = 0;
        for (const to of segment.breaks) {
          pieces.push(`${token.slice(from, to)}=\r\n`);
          from = to;
        }
        pieces.push(token.slice(from));
      }
    }
    return pieces;
  }
}
