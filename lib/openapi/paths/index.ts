// The hand-written OpenAPI paths of the routes not yet declared in a feature module (lib/server/<feature>/module.ts
// documents its own operations: lib/server/api/openapi.ts). Goes when the last route has its module.
import type { ApiPaths } from '../builder';
import { eventPaths } from './events';
import { organiserCancelPaths } from './organiser-cancel';
import { organiserTeamPaths } from './organiser-team';
import { organiserEventPaths } from './organiser-events';
import { organiserVenuePaths } from './organiser-venues';
import { organiserCodesPaths } from './organiser-codes';

export const pathModules: ApiPaths[] = [eventPaths, organiserTeamPaths, organiserEventPaths, organiserVenuePaths, organiserCodesPaths, organiserCancelPaths];
