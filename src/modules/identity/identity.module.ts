import { withHttpSide } from '../../platform/http/http-side.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AdminBootstrap } from './admin-bootstrap.js';
import { AddAdminUserHandler } from './commands/add-admin-user/add-admin-user.handler.js';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler.js';
import { LogInHandler } from './commands/log-in/log-in.handler.js';
import { LogOutHandler } from './commands/log-out/log-out.handler.js';
import { RegisterAccountHandler } from './commands/register-account/register-account.handler.js';
import { RemoveAdminUserHandler } from './commands/remove-admin-user/remove-admin-user.handler.js';
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler.js';
import { ResendVerificationHandler } from './commands/resend-verification/resend-verification.handler.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import {
  AcceptInvitationHandler,
  ResendInvitationHandler,
  RevokeInvitationHandler,
} from './commands/staff-invitations/staff-invitation.handlers.js';
import {
  CompleteTwoFactorLoginHandler,
  ConfirmTwoFactorHandler,
  DisableTwoFactorHandler,
  SetUpTwoFactorHandler,
} from './commands/two-factor/two-factor.handlers.js';
import { UpdateAdminUserHandler } from './commands/update-admin-user/update-admin-user.handler.js';
import { VerifyEmailHandler } from './commands/verify-email/verify-email.handler.js';
import { Account } from './domain/account.entity.js';
import { AccountToken } from './domain/account-token.entity.js';
import { AdminUser } from './domain/admin-user.entity.js';
import { LoginGuessingAlarm } from './domain/login-guessing-alarm.js';
import { TotpSecretBox } from './domain/totp-secret-box.js';
import { LoginThrottle } from './domain/login-throttle.js';
import { Session } from './domain/session.entity.js';
import { GoogleOidc } from './google/google-oidc.js';
import { SignInWithGoogleHandler } from './google/sign-in-with-google.handler.js';
import {
  SendPasswordChangedNotice,
  SendPasswordResetLink,
  SendRegistrationAttemptNotice,
  SendStaffInvitation,
  SendVerificationOnRegistration,
  SendVerificationOnRequest,
} from './jobs/send-account-emails.handlers.js';
import { SendLoginGuessingNotice } from './jobs/send-login-guessing-notice.handler.js';
import { SweepExpiredCredentialsProcessor } from './jobs/sweep-expired-credentials.processor.js';
import { SessionReader } from './queries/get-session/session-reader.js';
import { GetVisitorSessionHandler } from './queries/get-session/get-visitor-session.query.js';
import { ListAdminRecipientsHandler } from './queries/list-admin-users/admin-recipients.query.js';
import { AdminUserReader } from './queries/list-admin-users/admin-user-reader.js';
import {
  GetAdminUserHandler,
  ListAdminUsersHandler,
} from './queries/list-admin-users/admin-user.queries.js';
import { SessionCookie } from './sessions/session-cookie.js';
import { SessionStore } from './sessions/session-store.js';

/**
 * Accounts, sessions, e-mailed links, Google sign-in and the admin users list; guards every route.
 * Global for platform's RequestAuthorizer, which it implements for the routes Fastify serves directly.
 */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    MikroOrmModule.forFeature([Account, Session, AccountToken, AdminUser]),
  ],
  providers: [
    SessionStore,
    SessionCookie,
    SessionReader,
    GetVisitorSessionHandler,
    LoginThrottle,
    TotpSecretBox,
    LoginGuessingAlarm,
    GoogleOidc,
    AdminUserReader,
    ListAdminUsersHandler,
    ListAdminRecipientsHandler,
    GetAdminUserHandler,
    AdminBootstrap,
    RegisterAccountHandler,
    LogInHandler,
    LogOutHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    VerifyEmailHandler,
    ResendVerificationHandler,
    ChangePasswordHandler,
    SignInWithGoogleHandler,
    AddAdminUserHandler,
    UpdateAdminUserHandler,
    RemoveAdminUserHandler,
    SendVerificationOnRegistration,
    SendVerificationOnRequest,
    SendPasswordResetLink,
    SendPasswordChangedNotice,
    SendRegistrationAttemptNotice,
    SendLoginGuessingNotice,
    SweepExpiredCredentialsProcessor,
    ResendInvitationHandler,
    RevokeInvitationHandler,
    AcceptInvitationHandler,
    SendStaffInvitation,
    SetUpTwoFactorHandler,
    ConfirmTwoFactorHandler,
    DisableTwoFactorHandler,
    CompleteTwoFactorLoginHandler,
  ],
})
export class IdentityModule {
  /** With its controllers and HTTP routes (identity.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof IdentityModule> {
    return withHttpSide(IdentityModule, http, () => import('./identity.http.js'));
  }
}
