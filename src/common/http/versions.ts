import { version } from '../../../package.json';

/** meta.api_version: bumped only for breaking API changes after 1.0 (spec "Versioning"). */
export const API_VERSION = 1;
/** meta.server_version: the application release. */
export const SERVER_VERSION: string = version;
