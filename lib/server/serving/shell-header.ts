// The request header by which the production server asks its own Next for the signed-in shell of a page:
// the page as every signed-in fan sees it, with no fan's data in it. Its value is a secret of the running
// process (TRIBUNA_SHELL_TOKEN), so no one outside can ask for it: the server drops it from anyone
// else's request (./server.ts), and the app checks it (lib/server/auth/shared-shell.ts).
export const SHELL_HEADER = 'x-tribuna-shell';
