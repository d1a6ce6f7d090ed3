// Placeholder entry point of `cdms-sdk/widget`; the launch-token reader lands with issue 9.
/** Whether the widget helpers are available in this build. */
export const WIDGET_HELPERS_AVAILABLE = false;
