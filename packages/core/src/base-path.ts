/** The base path everything is served under. */
export const BASE_PATH = '/ranwal';

/** Where the server serves stored uploads: `${UPLOADS_PATH}/<id>`. */
export const UPLOADS_PATH = `${BASE_PATH}/api/uploads`;

const OWN_UPLOAD_PATH = new RegExp(`^${UPLOADS_PATH}/[0-9a-f-]{36}$`, 'i');

/**
 * One of our uploads named from the site's root (`/ranwal/api/uploads/<id>`), as the server
 * answers an upload when RANWAL_PUBLIC_URL is not set: valid as a cover and as an image's `src`.
 */
export const isOwnUploadPath = (value: string): boolean => OWN_UPLOAD_PATH.test(value);
