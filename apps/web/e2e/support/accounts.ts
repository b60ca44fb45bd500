/** The accounts the browser tests' server starts with (a fresh embedded database per run). */
export const admin = { email: 'admin@examiq.test', password: 'Admin#Password1' };
export const firstLoginStudent = { email: 'new.student@examiq.test', password: 'Temporary#Pass1' };
export const faculty = { email: 'faculty@examiq.test', password: 'Faculty#Pass12' };
