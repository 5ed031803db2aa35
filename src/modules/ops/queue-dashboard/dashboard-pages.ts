import { QUEUE_DASHBOARD_PATH } from '../../../contracts/queue-dashboard.js';

/** The login page, bringing the admin back to the board once signed in. */
export const LOGIN_TO_DASHBOARD = `/login?${new URLSearchParams({ next: QUEUE_DASHBOARD_PATH }).toString()}`;

/** The heading of the page a signed-in non-admin gets (the SPA's words for it). */
export const NO_PERMISSION_TITLE = "You don't have any permission";

/**
 * The page a signed-in visitor who is no admin (a customer) gets when their browser opens the board:
 * a 403 page in the site's colours and type, saying why and where to go, instead of the API's JSON
 * error. Self-contained (no script, styles inline): the board's routes are no page of the SPA.
 */
export const NO_PERMISSION_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>No permission</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f5f7fb;
    color: #0f172a; font: 1rem/1.6 'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI',
    Roboto, 'Helvetica Neue', Arial, sans-serif; }
  main { box-sizing: border-box; width: min(100% - 2rem, 34rem); padding: 2.5rem 2rem;
    background: #fff; border: 1px solid #e2e8f0; border-radius: 1rem; text-align: center; }
  .code { margin: 0; color: #6a7fdd; font-size: 3rem; font-weight: 800; line-height: 1; }
  h1 { margin: 1rem 0 0.5rem; font-size: 1.5rem; line-height: 1.25; }
  p { margin: 0 0 1.5rem; color: #4a5568; }
  nav { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.75rem; }
  a { display: inline-block; padding: 0.75rem 1.25rem; border-radius: 0.5rem; font-weight: 600;
    text-decoration: none; border: 1px solid #3451d1; color: #3451d1; }
  a.primary { background: #3451d1; color: #fff; }
  a:hover { background: #2940a8; border-color: #2940a8; color: #fff; }
  a:focus-visible { outline: 3px solid rgb(52 81 209 / 0.35); outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <p class="code" aria-hidden="true">403</p>
  <h1>${NO_PERMISSION_TITLE.replace("'", '&#39;')}</h1>
  <p>The queue dashboard is for the site&#39;s admin users.</p>
  <nav aria-label="Where to go">
    <a class="primary" href="/dashboard">Go to your dashboard</a>
    <a href="/">Go to the home page</a>
  </nav>
</main>
</body>
</html>
`;

/**
 * A link back to the admin area, added to the board's page: Bull Board's own header links to the
 * board's front page, and keeps extra links (`miscLinks`) in a menu.
 */
export const BACK_TO_ADMIN = `<a class="seo-admin-return" href="/admin">&larr; Admin panel</a>
<style>
  .seo-admin-return { position: fixed; right: 1rem; bottom: 1rem; z-index: 1000; padding: 0.5rem 0.875rem;
    border-radius: 999px; background: #3451d1; color: #fff; font: 600 0.875rem/1.2 system-ui, sans-serif;
    text-decoration: none; box-shadow: 0 2px 8px rgb(0 0 0 / 0.25); }
  .seo-admin-return:hover { background: #2940a8; }
  .seo-admin-return:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
</style>
`;
