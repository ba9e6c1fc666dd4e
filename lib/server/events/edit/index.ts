import 'server-only';
// The organiser's events: list and read (./read.ts), create (./create.ts), edit (./update.ts), publish and unpublish (./publish.ts), duplicate (./duplicate.ts).
export { listOrganiserEvents, readOrganiserEvent, venueChoices } from './read';
export { createEvent } from './create';
export { updateEvent } from './update';
export { publishChecklist, publishEvent, unpublishEvent } from './publish';
export { duplicateEvent } from './duplicate';
export { organiserFailure } from './failure';
