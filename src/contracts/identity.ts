import { z } from 'zod';
import { requiredEmail, storableString } from './text-fields.js';

/**
 * Accounts, sessions and admin users: the payloads of the identity API, shared by the server (which
 * validates every one of them) and the SPA's forms.
 *
 * Public:   GET  /api/auth/session                       → Session (signed out: account null)
 *           POST /api/auth/register              Registration → 202 Notice (same for a known e-mail)
 *           POST /api/auth/login                 Credentials → 200 Session + cookie | 401 | 429
 *           POST /api/auth/logout                           → 204, session ended on the server
 *           POST /api/auth/password-reset        RequestPasswordReset → 202 Notice (always the same)
 *           POST /api/auth/password-reset/confirm ResetPassword → 200 Notice | 400 invalid link
 *           POST /api/auth/email-verification/confirm VerifyEmail → 200 Notice | 400 invalid link
 *           GET  /api/auth/google?returnTo=/path           → 302 to Google (404 when not configured)
 *           GET  /api/auth/google/callback                 → 302 to returnTo, or /login?error=<code>
 * Customer: POST /api/account/email-verification           → 202 Notice (resend)
 *           PUT  /api/account/password          ChangePassword → 200 Notice
 * Admin:    GET  /api/admin/users                          → AdminUser[]
 *           POST /api/admin/users              AdminUserInput → 201 AdminUser | 409
 *           GET  /api/admin/users/:id                      → AdminUser | 404
 *           PUT  /api/admin/users/:id          AdminUserInput → 200 AdminUser | 404 | 409
 *           DELETE /api/admin/users/:id                    → 204 | 404 | 409 (last admin, yourself)
 */

export const AUTH_MESSAGES = {
  loginFailed: 'Incorrect email or password. Please try again.',
  registered:
    'Thanks for registering. We have sent you an e-mail: open its link to verify your address, then log in.',
  resetRequested:
    'If an account exists for this e-mail, we have sent it a link to choose a new password. The link works once, for one hour.',
  passwordReset: 'Your password has been changed. Log in with your new password.',
  invalidLink: 'This link is invalid or has expired. Please ask for a new one.',
  emailVerified: 'Your e-mail is verified.',
  verificationSent: 'We have sent you a new verification e-mail.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  commonPassword: 'This password is too common. Please choose another one.',
  wrongCurrentPassword: 'Your current password is not correct.',
  noPermission: "You don't have any permission",
} as const;

/** Why a Google sign-in came back to `/login?error=<code>`. */
export const GOOGLE_SIGN_IN_ERRORS = {
  failed: 'Google sign-in failed. Please try again.',
  'email-unverified':
    'Google has not verified this e-mail address. Log in with your password instead.',
  unavailable: 'Google sign-in is not available.',
} as const;
export type GoogleSignInError = keyof typeof GOOGLE_SIGN_IN_ERRORS;

/** Spec §5: required, and at least three letters in a row, on top of being an e-mail address. */
export const accountEmail = requiredEmail().pipe(
  z.string().regex(/[A-Za-z]{3}/, { error: 'Provide a Valid Email' }),
);

/** Spec §5: required, at least 6 characters. The server also refuses the most common passwords. */
export const password = storableString('Password', 'Password is Required')
  .min(1, { error: 'Password is Required', abort: true })
  .min(6, { error: 'Minimum 6 Characters' })
  .max(128, { error: 'Maximum 128 Characters' });

export const credentialsSchema = z
  .strictObject({ email: accountEmail, password })
  .meta({ id: 'Credentials' });
export type CredentialsInput = z.input<typeof credentialsSchema>;
export type Credentials = z.output<typeof credentialsSchema>;

const MAX_RETURN_PATH = 500;

/**
 * Whether `value` is a page of this site to come back to after signing in (`next`): a path starting
 * with a single '/', printable ASCII only, with no '//' and no backslash anywhere, so that no browser
 * reads it as another host. Checked by the server on input and by the SPA before it navigates.
 */
export function isSafeReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= MAX_RETURN_PATH &&
    /^\/[\x21-\x7e]*$/.test(value) &&
    !value.includes('//') &&
    !value.includes('\\')
  );
}

export const returnPathSchema = z
  .string({ error: 'Next must be a path of this site' })
  .refine(isSafeReturnPath, { error: 'Next must be a path of this site' });

/**
 * Registering: the credentials, and the page the visitor was on their way to (an order form), which
 * the verification link carries on to the login.
 */
export const registrationSchema = credentialsSchema
  .extend({ next: returnPathSchema.optional() })
  .meta({ id: 'Registration' });
export type Registration = z.output<typeof registrationSchema>;

export const requestPasswordResetSchema = z
  .strictObject({ email: accountEmail })
  .meta({ id: 'RequestPasswordReset' });
export type RequestPasswordReset = z.output<typeof requestPasswordResetSchema>;

/** A single-use token from an e-mailed link. */
const linkToken = z
  .string({ error: AUTH_MESSAGES.invalidLink })
  .regex(/^[\w-]{20,200}$/, { error: AUTH_MESSAGES.invalidLink });

export const resetPasswordSchema = z
  .strictObject({ token: linkToken, password })
  .meta({ id: 'ResetPassword' });
export type ResetPassword = z.output<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.strictObject({ token: linkToken }).meta({ id: 'VerifyEmail' });
export type VerifyEmail = z.output<typeof verifyEmailSchema>;

export const changePasswordSchema = z
  .strictObject({
    /** Required when the account has a password (not for a Google-only account setting one). */
    currentPassword: storableString('Current Password').max(128).optional(),
    newPassword: password,
  })
  .meta({ id: 'ChangePassword' });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePassword = z.output<typeof changePasswordSchema>;

/**
 * The roles of staff accounts: `admin` may do everything; `editor` the content, SEO, media and
 * newsletter drafts; `support` reads orders and answers the inbox and order threads.
 */
export const STAFF_ROLES = ['admin', 'editor', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** What a signed-in account is: a staff role, or a customer. */
export const ACCOUNT_ROLES = [...STAFF_ROLES, 'customer'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/**
 * The staff roles of each area, as the routes (`@Access(STAFF.content)`) and the admin screens name
 * them. `admin` is in every one: an admin may do everything.
 */
export const STAFF = {
  /** Content, SEO, media, newsletter drafts: admins and editors. */
  content: ['admin', 'editor'],
  /** Orders (reading), the inbox and order threads: admins and support. */
  orders: ['admin', 'support'],
  /** Any staff account. */
  any: STAFF_ROLES,
} as const satisfies Record<string, readonly StaffRole[]>;

/** Whether an account of a role reads every order (its page, thread and files), not only its own. */
export const readsEveryOrder = (role: AccountRole) =>
  (STAFF.orders as readonly AccountRole[]).includes(role);

export const accountSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    emailVerified: z.boolean(),
    /** Signed in, e-mail verified and on the admin users list with the role Admin. */
    isAdmin: z.boolean(),
    /** Its staff role (verified and on the admin users list), else `customer`. */
    role: z.enum(ACCOUNT_ROLES),
    hasPassword: z.boolean(),
    googleLinked: z.boolean(),
    /** Two-factor sign-in (TOTP) is on for this account. */
    twoFactorEnabled: z.boolean(),
    /**
     * A staff account that must enrol in two-factor sign-in before using the admin area
     * (REQUIRE_ADMIN_2FA); the admin API answers 403 `two-factor-required` until it has.
     */
    twoFactorRequired: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const sessionSchema = z
  .object({
    account: accountSchema.nullable(),
    /** Whether "Sign in with Google" is configured. */
    googleSignIn: z.boolean(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

export const noticeSchema = z.object({ message: z.string() }).meta({ id: 'Notice' });
export type Notice = z.infer<typeof noticeSchema>;

/** Spec §3 User's userRole, with the staff roles besides Admin. */
export const USER_ROLES = ['Admin', 'Editor', 'Support'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** The staff role of a userRole. */
export const staffRoleOf = (role: UserRole): StaffRole => role.toLowerCase() as StaffRole;

/** Spec §3 User: userEmail, userRole (Admin, Editor or Support; the add form defaults to Admin). */
export const adminUserInputSchema = z
  .strictObject({
    userEmail: requiredEmail(),
    userRole: z
      .enum(USER_ROLES, { error: 'User Role must be Admin, Editor or Support' })
      .default('Admin'),
  })
  .meta({ id: 'AdminUserInput' });
export type AdminUserInputValues = z.input<typeof adminUserInputSchema>;
export type AdminUserInput = z.output<typeof adminUserInputSchema>;

/** Whether the listed e-mail has an account yet, and whether it is verified (admin rights need both). */
export const ADMIN_ACCOUNT_STATUSES = ['verified', 'unverified', 'no-account'] as const;

/** An invitation link: waiting to be used, used, withdrawn by an admin, or past its 72 hours. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const adminUserSchema = z
  .object({
    id: z.uuid(),
    userEmail: z.string(),
    userRole: z.enum(USER_ROLES),
    accountStatus: z.enum(ADMIN_ACCOUNT_STATUSES),
    /** The latest invitation e-mailed to this e-mail, if any. */
    invitation: z
      .object({ status: z.enum(INVITATION_STATUSES), expiresAt: z.iso.datetime() })
      .nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USER_MESSAGES = {
  added: 'User Is Added',
  updated: 'User Is Update',
  removed: 'User Is Removed',
  duplicate: 'This e-mail is already an admin user.',
  lastAdmin: 'The last admin user cannot be removed.',
  lastAdminRole: 'The last admin cannot be given another role.',
  yourself: 'You cannot remove your own admin rights. Ask another admin to do it.',
} as const;

/**
 * Staff accounts: invitations and two-factor sign-in (TOTP).
 *
 * Admin:    POST /api/admin/users                AddAdminUser → 201 AdminUser (invitation e-mailed)
 *           POST /api/admin/users/:id/invitation             → 200 AdminUser (a new link; the old one stops)
 *           DELETE /api/admin/users/:id/invitation           → 200 AdminUser (the link stops working)
 * Public:   POST /api/auth/invitation/accept  AcceptInvitation → 200 Session + cookie | 400 invalid link
 *           POST /api/auth/login/two-factor    TwoFactorLogin → 200 Session + cookie | 401 | 429
 * Signed in (staff): POST /api/account/two-factor/setup      → TwoFactorSetup (secret shown once)
 *           POST /api/account/two-factor/confirm  TwoFactorCode → RecoveryCodes (shown once)
 *           POST /api/account/two-factor/disable  TwoFactorCode → 200 Notice
 */

/** How an added staff member gets a password: an e-mailed invitation (default), or one set now. */
export const ACCOUNT_SETUPS = ['invitation', 'password'] as const;

export const addAdminUserInputSchema = adminUserInputSchema
  .extend({
    accountSetup: z.enum(ACCOUNT_SETUPS).default('invitation'),
    /** Only read with accountSetup "password": the password the new account starts with. */
    password: storableString('Password').max(128, { error: 'Maximum 128 Characters' }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.accountSetup !== 'password') return;
    // The registration rules, for the password an admin sets.
    const checked = password.safeParse(input.password ?? '');
    if (!checked.success) {
      ctx.addIssue({
        code: 'custom',
        message: checked.error.issues[0]!.message,
        path: ['password'],
      });
    }
  })
  .meta({ id: 'AddAdminUser' });
export type AddAdminUserInputValues = z.input<typeof addAdminUserInputSchema>;
export type AddAdminUserInput = z.output<typeof addAdminUserInputSchema>;

export const acceptInvitationSchema = z
  .strictObject({ token: linkToken, password })
  .meta({ id: 'AcceptInvitation' });
export type AcceptInvitation = z.output<typeof acceptInvitationSchema>;

/** A 6-digit code from the authenticator app, or a recovery code (spaces and dashes ignored). */
export const twoFactorCode = storableString('Code', 'Enter the code from your app')
  .trim()
  .min(1, { error: 'Enter the code from your app' })
  .max(64, { error: 'Enter the code from your app' });

export const twoFactorCodeSchema = z
  .strictObject({ code: twoFactorCode })
  .meta({ id: 'TwoFactorCode' });
export type TwoFactorCodeInput = z.output<typeof twoFactorCodeSchema>;

export const twoFactorLoginSchema = z
  .strictObject({ challenge: linkToken, code: twoFactorCode })
  .meta({ id: 'TwoFactorLogin' });
export type TwoFactorLogin = z.output<typeof twoFactorLoginSchema>;

/** The answer to a log-in: a session, or (for an account with two-factor sign-in) a code to ask for. */
export const loginResultSchema = sessionSchema
  .extend({
    /** Set when the password was right and a code is needed: send it with the code. */
    twoFactorChallenge: z.string().optional(),
  })
  .meta({ id: 'LoginResult' });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const twoFactorSetupSchema = z
  .object({
    /** The base32 secret, for typing into the app. */
    secret: z.string(),
    /** The otpauth:// URI the app reads (what the QR code holds). */
    otpauthUri: z.string(),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const STAFF_AUTH_MESSAGES = {
  invitationInvalid:
    'This invitation link has expired, was withdrawn or was already used. Ask an admin to send you a new one.',
  wrongCode: 'This code is not correct. Please try again.',
  signInExpired: 'This sign-in has expired. Please log in again.',
  twoFactorRequired: 'Set up two-factor sign-in before using the admin area.',
  twoFactorEnabled: 'Two-factor sign-in is on.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotStarted: 'Start the set-up again: no pending secret.',
  noInvitation: 'This user has no invitation to withdraw.',
  hasPassword: 'This user has already set a password.',
} as const;

/** The error code of the admin API's 403 while REQUIRE_ADMIN_2FA waits for the admin to enrol. */
export const TWO_FACTOR_REQUIRED_CODE = 'two-factor-required';
