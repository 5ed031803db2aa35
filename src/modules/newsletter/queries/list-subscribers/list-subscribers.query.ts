import { Query } from '@nestjs/cqrs';
import type { Subscriber as SubscriberView } from '../../../../contracts/newsletter.js';

export class ListSubscribersQuery extends Query<SubscriberView[]> {}
