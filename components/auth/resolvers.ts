import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, signUpSchema } from '@/lib/schemas/auth';

// The sign-in and sign-up forms' validation, loaded when a form first validates (lib/client/lazy-resolver.ts).
export const signInResolver = zodResolver(signInSchema);
export const signUpResolver = zodResolver(signUpSchema);
