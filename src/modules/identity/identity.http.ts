import { APP_GUARD } from '@nestjs/core';
import { RequestAuthorizer } from '../../platform/auth/request-authorizer.js';
import type { HttpSide } from '../../platform/http/http-side.js';
import { AccessGuard } from './http/access.guard.js';
import { Authorizer } from './http/authorizer.js';
import { AddAdminUserHttpController } from './commands/add-admin-user/add-admin-user.http.controller.js';
import { ChangePasswordHttpController } from './commands/change-password/change-password.http.controller.js';
import { LogInHttpController } from './commands/log-in/log-in.http.controller.js';
import { LogOutHttpController } from './commands/log-out/log-out.http.controller.js';
import { RegisterAccountHttpController } from './commands/register-account/register-account.http.controller.js';
import { RemoveAdminUserHttpController } from './commands/remove-admin-user/remove-admin-user.http.controller.js';
import { RequestPasswordResetHttpController } from './commands/request-password-reset/request-password-reset.http.controller.js';
import { ResendVerificationHttpController } from './commands/resend-verification/resend-verification.http.controller.js';
import { ResetPasswordHttpController } from './commands/reset-password/reset-password.http.controller.js';
import {
  AcceptInvitationHttpController,
  StaffInvitationHttpController,
} from './commands/staff-invitations/staff-invitation.http.controller.js';
import {
  TwoFactorHttpController,
  TwoFactorLoginHttpController,
} from './commands/two-factor/two-factor.http.controller.js';
import { UpdateAdminUserHttpController } from './commands/update-admin-user/update-admin-user.http.controller.js';
import { VerifyEmailHttpController } from './commands/verify-email/verify-email.http.controller.js';
import { GoogleSignInHttpController } from './google/google-sign-in.http.controller.js';
import { GetSessionHttpController } from './queries/get-session/get-session.http.controller.js';
import { AdminUsersHttpController } from './queries/list-admin-users/admin-users.http.controller.js';

/** The module's HTTP side, read only by a role that serves HTTP (identity.module.ts). */
export const HTTP_SIDE: HttpSide = {
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
    StaffInvitationHttpController,
    AcceptInvitationHttpController,
    TwoFactorHttpController,
    TwoFactorLoginHttpController,
  ],
  providers: [
    // Every route's access, checked before its handler; the routes Fastify serves directly check it
    // through platform's RequestAuthorizer, which this module (global) implements and exports.
    Authorizer,
    { provide: RequestAuthorizer, useExisting: Authorizer },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [RequestAuthorizer],
};
