// The choices of the sign-up form's sex field (spec), shared by its schema (./auth) and the form itself.
export const SEXES = ['male', 'female', 'other', 'not-to-say'] as const;
export type Sex = (typeof SEXES)[number];
