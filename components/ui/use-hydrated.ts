// The hook lives with the client code that needs it too (lib/client/session.ts): lib/ never imports components/.
export { useHydrated } from '@/lib/client/use-hydrated';
