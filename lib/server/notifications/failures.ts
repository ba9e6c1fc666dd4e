// The failures of notifications: push subscriptions, unsubscribe links and announcements.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { sendAnnouncement, sendSeasonAnnouncement } from './announcements';
import type { unsubscribeByToken } from './preferences';
import type { subscribePush } from './subscriptions';

export type Codes =
  | FailureCodeOf<typeof subscribePush>
  | FailureCodeOf<typeof unsubscribeByToken>
  | FailureCodeOf<typeof sendAnnouncement>
  | FailureCodeOf<typeof sendSeasonAnnouncement>;

export const failures = failureRows({
  /** Not an https address (plain http only to the tests' push service on 127.0.0.1: push-endpoint.ts). */
  PUSH_ENDPOINT_INVALID: { status: 422, key: 'notifications.errors.endpointInvalid', field: 'endpoint' },
  /** https, but not a host of the push services browsers use (an IP address, this network, anyone's server). */
  PUSH_SERVICE_NOT_ALLOWED: { status: 422, key: 'notifications.errors.serviceNotAllowed', field: 'endpoint' },
  /** Another fan's browser: it moves to the caller only with that subscription's own keys. */
  PUSH_ENDPOINT_TAKEN: { status: 409, key: 'notifications.errors.endpointTaken', field: 'endpoint' },
  UNSUBSCRIBE_INVALID: { status: 404, key: 'notifications.unsubscribe.invalid' },
});
