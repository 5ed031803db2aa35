import type { AuthContext } from '../../../platform/auth/access.js';

/** Who made a change, as recorded in a revision (null for the demo content of a fresh install). */
export interface ContentActor {
  accountId: string;
  email: string;
}

export const actorOf = (auth: AuthContext): ContentActor => ({
  accountId: auth.account.id,
  email: auth.account.email,
});
