/** Node flags of the server process (see server-runtime.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** The server's environment: the given one with the server's malloc settings added where not already set. */
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
