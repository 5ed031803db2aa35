/**
 * A real SMTP server for tests: accepts everything on 127.0.0.1, parses each message with mailparser
 * and keeps it, so a test can `await mailbox.waitFor(predicate, timeoutMs)`.
 *
 * `hangNext(n)` makes the next n deliveries hang on DATA: the message is read but the final reply is
 * held back until `release()`, which simulates a slow SMTP server (e.g. while a worker is killed).
 * A delivery counts as delivered (is in `messages`) only once the server answered it with 250 on a
 * connection that was still open: a copy whose sender died while it hung is not delivered.
 * `refuse(filter)` answers the matching deliveries 550 (a refusal for good) until it is stopped.
 */
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { getFreePort, listenLocally } from './net.js';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased: covers To, Cc and Bcc. */
  envelopeTo: string[];
  envelopeFrom: string | undefined;
  /** Header addresses, lower-cased. */
  from: string[];
  to: string[];
  cc: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string | undefined;
  parsed: ParsedMail;
  raw: Buffer;
  receivedAt: Date;
}

export type MailPredicate = (mail: ReceivedMail) => boolean;

export interface HeldDelivery {
  envelopeTo: string[];
  /** Resolves when the sender's connection has closed (e.g. because the sender was killed). */
  closed: Promise<void>;
  /** Resolves with the parsed message once its data has been read in full. */
  mail: Promise<ReceivedMail>;
}

export interface Hang {
  /** Resolves when the first held delivery has started (DATA reached the server). */
  started: Promise<HeldDelivery>;
  /** Every delivery held by this hang so far. */
  held: readonly HeldDelivery[];
  /**
   * Answers the held deliveries: 'accept' (250, then delivered if the client is still connected)
   * or 'reject' (451, a temporary failure). Deliveries still to come under this hang are no longer
   * held.
   */
  release(action?: 'accept' | 'reject'): void;
}

export interface Mailbox {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  port: number;
  /** Delivered messages, oldest first. */
  readonly messages: readonly ReceivedMail[];
  /** Messages matching the predicate. */
  find(predicate: MailPredicate): ReceivedMail[];
  /** The first delivered message that matches, waiting up to timeoutMs for it. */
  waitFor(predicate: MailPredicate, timeoutMs?: number): Promise<ReceivedMail>;
  /** Hold the next `count` deliveries (optionally only those whose envelope matches) on DATA. */
  hangNext(count?: number, filter?: (envelopeTo: string[]) => boolean): Hang;
  /** Refuse (550, for good) every delivery whose envelope matches, until `stop()`. */
  refuse(filter: (envelopeTo: string[]) => boolean): Refusal;
  /** Forget every delivered message. */
  clear(): void;
  close(): Promise<void>;
}

export interface Refusal {
  /** Deliveries refused so far, their envelope recipients. */
  readonly refused: readonly string[][];
  stop(): void;
}

interface PendingHang {
  remaining: number;
  filter: ((envelopeTo: string[]) => boolean) | undefined;
  held: HeldDelivery[];
  callbacks: ((action: 'accept' | 'reject') => void)[];
  released: 'accept' | 'reject' | undefined;
  onStart: (delivery: HeldDelivery) => void;
}

interface Waiter {
  predicate: MailPredicate;
  resolve: (mail: ReceivedMail) => void;
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.flatMap((entry) =>
      entry.group
        ? entry.group.map((member) => (member.address ?? '').toLowerCase())
        : [(entry.address ?? '').toLowerCase()],
    ),
  );

const readAll = (stream: SMTPServerDataStream): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });

export interface StartMailboxOptions {
  port?: number;
  /** Print a line per delivered message. Defaults to DEBUG_MAIL=1. */
  verbose?: boolean;
}

export async function startMailbox(options: StartMailboxOptions = {}): Promise<Mailbox> {
  const verbose = options.verbose ?? process.env.DEBUG_MAIL === '1';
  const messages: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();
  const hangs: PendingHang[] = [];
  const refusals: { filter: (envelopeTo: string[]) => boolean; refused: string[][] }[] = [];
  const closedSessions = new Set<string>();
  const closeWaiters = new Map<string, (() => void)[]>();
  const whenClosed = (sessionId: string) =>
    closedSessions.has(sessionId)
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const list = closeWaiters.get(sessionId) ?? [];
          list.push(resolve);
          closeWaiters.set(sessionId, list);
        });

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail);
    if (verbose) {
      process.stderr.write(`[mailbox] ${mail.envelopeTo.join(',')}: ${mail.subject}\n`);
    }
    for (const waiter of [...waiters]) {
      if (waiter.predicate(mail)) {
        waiters.delete(waiter);
        waiter.resolve(mail);
      }
    }
  };

  const parse = async (
    raw: Buffer,
    session: SMTPServerSession,
    envelopeTo: string[],
  ): Promise<ReceivedMail> => {
    const parsed = await simpleParser(raw);
    const mailFrom = session.envelope.mailFrom;
    return {
      envelopeTo,
      envelopeFrom: mailFrom ? mailFrom.address.toLowerCase() : undefined,
      from: addresses(parsed.from),
      to: addresses(parsed.to),
      cc: addresses(parsed.cc),
      replyTo: addresses(parsed.replyTo),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : undefined,
      parsed,
      raw,
      receivedAt: new Date(),
    };
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'test mailbox',
    size: 10 * 1024 * 1024,
    closeTimeout: 1000,
    onClose(session) {
      closedSessions.add(session.id);
      for (const resolve of closeWaiters.get(session.id) ?? []) resolve();
      closeWaiters.delete(session.id);
    },
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      const hang = hangs.find(
        (candidate) =>
          candidate.remaining > 0 &&
          candidate.released === undefined &&
          (candidate.filter === undefined || candidate.filter(envelopeTo)),
      );
      const refusal = refusals.find((candidate) => candidate.filter(envelopeTo));
      if (refusal !== undefined) {
        void readAll(stream).then(() => {
          refusal.refused.push(envelopeTo);
          callback(
            Object.assign(new Error('Mailbox unavailable: refused for good'), {
              responseCode: 550,
            }),
          );
        }, callback);
        return;
      }
      const mail = readAll(stream).then((raw) => parse(raw, session, envelopeTo));

      if (hang === undefined) {
        mail.then(
          (received) => {
            deliver(received);
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
        return;
      }

      hang.remaining -= 1;
      mail.catch(() => undefined);
      const delivery: HeldDelivery = { envelopeTo, closed: whenClosed(session.id), mail };
      hang.held.push(delivery);
      hang.onStart(delivery);
      hang.callbacks.push((action) => {
        mail.then(
          (received) => {
            if (closedSessions.has(session.id)) return; // its sender is gone: not delivered
            if (action === 'reject') {
              const error = Object.assign(new Error('Mailbox busy, try again later'), {
                responseCode: 451,
              });
              callback(error);
              return;
            }
            deliver(received);
            callback();
          },
          () => {
            if (!closedSessions.has(session.id)) callback(new Error('message could not be read'));
          },
        );
      });
    },
  });
  server.on('error', (error) => {
    if (verbose) process.stderr.write(`[mailbox] server error: ${error.message}\n`);
  });

  const port = options.port ?? (await getFreePort());
  await listenLocally(server, port);

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    get messages() {
      return messages;
    },
    find: (predicate) => messages.filter(predicate),
    waitFor(predicate, timeoutMs = 15_000) {
      const existing = messages.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages
            .map((mail) => `  - to ${mail.envelopeTo.join(',')}: ${mail.subject}`)
            .join('\n');
          reject(
            new Error(
              `no matching e-mail within ${timeoutMs} ms; the mailbox has ${messages.length}:\n${seen}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    refuse(filter) {
      const refusal = { filter, refused: [] as string[][] };
      refusals.push(refusal);
      return {
        get refused() {
          return refusal.refused;
        },
        stop() {
          const index = refusals.indexOf(refusal);
          if (index !== -1) refusals.splice(index, 1);
        },
      };
    },
    hangNext(count = 1, filter) {
      let onStart!: (delivery: HeldDelivery) => void;
      const started = new Promise<HeldDelivery>((resolve) => (onStart = resolve));
      const hang: PendingHang = {
        remaining: count,
        filter,
        held: [],
        callbacks: [],
        released: undefined,
        onStart: (delivery) => onStart(delivery),
      };
      hangs.push(hang);
      return {
        started,
        get held() {
          return hang.held;
        },
        release(action = 'accept') {
          hang.released = action;
          for (const answer of hang.callbacks.splice(0)) answer(action);
          const index = hangs.indexOf(hang);
          if (index !== -1) hangs.splice(index, 1);
        },
      };
    },
    clear() {
      messages.length = 0;
    },
    async close() {
      for (const hang of hangs.splice(0)) {
        for (const answer of hang.callbacks.splice(0)) answer('reject');
      }
      for (const waiter of waiters) waiters.delete(waiter);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
