// Placeholder entry point of the sandbox; the server lands with issue 4.
/** Whether the sandbox server is available in this build. */
export const SANDBOX_AVAILABLE = false;
