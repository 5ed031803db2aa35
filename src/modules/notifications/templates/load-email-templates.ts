type EmailTemplatesModule = typeof import('./email-templates.js');

let loading: Promise<EmailTemplatesModule> | undefined;

/**
 * The e-mail templates (React, React Email, html-to-text and the templates themselves), read on the
 * first e-mail a process renders rather than at its start: a worker at rest holds none of it.
 */
export function loadEmailTemplates(): Promise<EmailTemplatesModule> {
  loading ??= import('./email-templates.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
