// No zod here: every page's API client imports this without the schemas.

/**
 * The header by which a browser tab names itself on its unsafe requests (a random id per page load):
 * the event such a request commits carries it as `originTabId`, and that tab's feed does not echo it
 * (the action already confirmed itself there). Other tabs and other admins hear of it as usual.
 */
export const TAB_ID_HEADER = 'X-Tab-Id';
/** What a tab id may look like; any other value of the header is ignored. */
export const TAB_ID_PATTERN = /^[\w-]{8,64}$/;
