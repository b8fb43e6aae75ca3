/** Set by the version plugin in vite.config.ts; absent in unit tests, which run without it. */
declare const __APP_BUILD_ID__: string | undefined;

/** The id of the build this tab is running; dist/version.json holds the deployed one. */
export const BUILD_ID: string = typeof __APP_BUILD_ID__ === 'string' ? __APP_BUILD_ID__ : 'dev';
