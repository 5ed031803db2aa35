import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { RequestAuthorizer } from '../../platform/auth/request-authorizer.js';
import { AdminBootstrap } from './admin-bootstrap.js';
import { AddAdminUserHandler } from './commands/add-admin-user/add-admin-user.handler.js';
import { AddAdminUserHttpController } from './commands/add-admin-user/add-admin-user.http.controller.js';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler.js';
import { ChangePasswordHttpController } from './commands/change-password/change-password.http.controller.js';
import { LogInHandler } from './commands/log-in/log-in.handler.js';
import { LogInHttpController } from './commands/log-in/log-in.http.controller.js';
import { LogOutHandler } from './commands/log-out/log-out.handler.js';
import { LogOutHttpController } from './commands/log-out/log-out.http.controller.js';
import { RegisterAccountHandler } from './commands/register-account/register-account.handler.js';
import { RegisterAccountHttpController } from './commands/register-account/register-account.http.controller.js';
import { RemoveAdminUserHandler } from './commands/remove-admin-user/remove-admin-user.handler.js';
import { RemoveAdminUserHttpController } from './commands/remove-admin-user/remove-admin-user.http.controller.js';
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler.js';
import { RequestPasswordResetHttpController } from './commands/request-password-reset/request-password-reset.http.controller.js';
import { ResendVerificationHandler } from './commands/resend-verification/resend-verification.handler.js';
import { ResendVerificationHttpController } from './commands/resend-verification/resend-verification.http.controller.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { ResetPasswordHttpController } from './commands/reset-password/reset-password.http.controller.js';
import { UpdateAdminUserHandler } from './commands/update-admin-user/update-admin-user.handler.js';
import { UpdateAdminUserHttpController } from './commands/update-admin-user/update-admin-user.http.controller.js';
import { VerifyEmailHandler } from './commands/verify-email/verify-email.handler.js';
import { VerifyEmailHttpController } from './commands/verify-email/verify-email.http.controller.js';
import { Account } from './domain/account.entity.js';
import { AccountToken } from './domain/account-token.entity.js';
import { AdminUser } from './domain/admin-user.entity.js';
import { LoginGuessingAlarm } from './domain/login-guessing-alarm.js';
import { LoginThrottle } from './domain/login-throttle.js';
import { Session } from './domain/session.entity.js';
import { GoogleOidc } from './google/google-oidc.js';
import { GoogleSignInHttpController } from './google/google-sign-in.http.controller.js';
import { SignInWithGoogleHandler } from './google/sign-in-with-google.handler.js';
import { AccessGuard } from './http/access.guard.js';
import { Authorizer } from './http/authorizer.js';
import {
  SendPasswordChangedNotice,
  SendPasswordResetLink,
  SendRegistrationAttemptNotice,
  SendVerificationOnRegistration,
  SendVerificationOnRequest,
} from './jobs/send-account-emails.handlers.js';
import { SendLoginGuessingNotice } from './jobs/send-login-guessing-notice.handler.js';
import { SweepExpiredCredentialsProcessor } from './jobs/sweep-expired-credentials.processor.js';
import { GetSessionHttpController } from './queries/get-session/get-session.http.controller.js';
import { SessionReader } from './queries/get-session/session-reader.js';
import { GetVisitorSessionHandler } from './queries/get-session/get-visitor-session.query.js';
import { ListAdminRecipientsHandler } from './queries/list-admin-users/admin-recipients.query.js';
import { AdminUserReader } from './queries/list-admin-users/admin-user-reader.js';
import {
  GetAdminUserHandler,
  ListAdminUsersHandler,
} from './queries/list-admin-users/admin-user.queries.js';
import { AdminUsersHttpController } from './queries/list-admin-users/admin-users.http.controller.js';
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
  controllers: [
    GetSessionHttpController,
    RegisterAccountHttpController,
    LogInHttpController,
    LogOutHttpController,
    RequestPasswordResetHttpController,
    ResetPasswordHttpController,
    VerifyEmailHttpController,
    ResendVerificationHttpController,
    ChangePasswordHttpController,
    GoogleSignInHttpController,
    AdminUsersHttpController,
    AddAdminUserHttpController,
    UpdateAdminUserHttpController,
    RemoveAdminUserHttpController,
  ],
  providers: [
    { provide: APP_GUARD, useClass: AccessGuard },
    Authorizer,
    { provide: RequestAuthorizer, useExisting: Authorizer },
    SessionStore,
    SessionCookie,
    SessionReader,
    GetVisitorSessionHandler,
    LoginThrottle,
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
  ],
  exports: [Authorizer, RequestAuthorizer],
})
export class IdentityModule {}
