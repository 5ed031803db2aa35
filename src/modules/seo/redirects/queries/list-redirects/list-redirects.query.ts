import { Query } from '@nestjs/cqrs';
import type { Redirect } from '../../../../../contracts/seo-redirects.js';

/** Every redirect rule, by path. */
export class ListRedirectsQuery extends Query<Redirect[]> {}
