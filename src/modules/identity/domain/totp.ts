import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them, with the `otpauth`
 * library: HMAC-SHA-1, 6 digits, 30-second steps. A code is accepted for the step before and after
 * the current one (clock drift), and never for a step at or before the last one used (replay).
 */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** Steps accepted on either side of the current one. */
export const TOTP_DRIFT_STEPS = 1;
/** 160 bits, the HMAC-SHA-1 block RFC 4226 recommends. */
const SECRET_BYTES = 20;

function totpOf(secret: string, names: { issuer?: string; label?: string } = {}): TOTP {
  return new TOTP({
    ...names,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
  });
}

/** `bytes` random bytes in RFC 4648 base32 without padding, as otpauth:// URIs and apps expect. */
export function randomBase32(bytes: number): string {
  return new Secret({ size: bytes }).base32;
}

/** A new random secret, base32. */
export function newTotpSecret(): string {
  return randomBase32(SECRET_BYTES);
}

/** The time step of an instant. */
export function totpStep(atMs: number): number {
  return TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: atMs });
}

/** The code for a base32 secret at an instant. */
export function totpCode(secret: string, atMs: number): string {
  return totpOf(secret).generate({ timestamp: atMs });
}

/**
 * The step whose code `code` is, within the accepted drift around `atMs` and after `lastUsedStep`,
 * or null. The caller records the step as used (atomically) before accepting the sign-in.
 */
export function matchTotp(
  secret: string,
  code: string,
  atMs: number,
  lastUsedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: atMs,
    window: TOTP_DRIFT_STEPS,
  });
  if (delta === null) return null;
  const step = totpStep(atMs) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** The otpauth:// URI an authenticator app reads (from a QR code or typed in). */
export function otpauthUri(secret: string, accountName: string, issuer: string): string {
  return totpOf(secret, { issuer, label: accountName }).toString();
}
