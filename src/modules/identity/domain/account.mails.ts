/** The e-mails identity asks for (rendered by the notifications module), with their props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    emailVerification: { verifyUrl: string };
    passwordReset: { resetUrl: string };
    passwordChanged: { resetUrl: string };
    registrationAttempt: { loginUrl: string; resetUrl: string };
    loginGuessing: { resetUrl: string };
    staffInvitation: { invitationUrl: string; validHours: number };
  }
}

export {};
