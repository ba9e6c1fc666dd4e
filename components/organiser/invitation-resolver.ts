import { zodResolver } from '@hookform/resolvers/zod';
import { invitationSignUpSchema } from '@/lib/schemas/organiser-team';

// The invitation's sign-up form validation, loaded when the form first validates (lib/client/lazy-resolver.ts).
export const invitationSignUpResolver = zodResolver(invitationSignUpSchema);
