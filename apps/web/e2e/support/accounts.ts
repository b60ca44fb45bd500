/** The accounts the browser tests' server starts with (a fresh embedded database per run). */
export const admin = { email: 'admin@examiq.test', password: 'Admin#Password1' };
export const firstLoginStudent = { email: 'new.student@examiq.test', password: 'Temporary#Pass1' };
/** An admin as at first start: the password printed once, to be replaced at first sign-in. */
export const firstStartAdmin = { email: 'first.admin@examiq.test', password: 'Printed#Once12' };
export const faculty = { email: 'faculty@examiq.test', password: 'Faculty#Pass12' };
