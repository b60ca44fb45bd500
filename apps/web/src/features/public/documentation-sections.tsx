import type { ReactNode } from 'react';

interface DocSection {
  id: string;
  title: string;
  summary: string;
  body: ReactNode;
}

function H2({ children }: { children: ReactNode }) {
  return <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">{children}</h2>;
}

function P({ children }: { children: ReactNode }) {
  return <p className="mb-4 leading-7 text-slate-700">{children}</p>;
}

function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="mb-4 list-disc space-y-2 pl-5 leading-7 text-slate-700 marker:text-brand-500">
      {items.map((item, index) => (
        // Static content in a fixed order.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.85em] text-slate-800">
      {children}
    </code>
  );
}

function Pre({ children }: { children: string }) {
  return (
    <pre className="mb-4 overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-sm leading-6 text-slate-100">
      <code>{children}</code>
    </pre>
  );
}

function DefinitionTable({
  head,
  rows,
}: {
  head: [string, string];
  rows: [ReactNode, ReactNode][];
}) {
  return (
    <div className="mb-4 overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              {head[0]}
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              {head[1]}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([term, description], index) => (
            // Static content in a fixed order.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index}>
              <td className="px-4 py-2.5 align-top whitespace-nowrap text-slate-900">{term}</td>
              <td className="px-4 py-2.5 text-slate-700">{description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Non-empty by type: the first section is the page shown without a hash. */
export const docSections: [DocSection, ...DocSection[]] = [
  {
    id: 'overview',
    title: 'Overview',
    summary: 'What ExamIQ is and who uses it.',
    body: (
      <>
        <P>
          ExamIQ is an online examination and assessment platform for schools, colleges and
          universities. An institution runs it on its own server; admins, faculty and students sign
          in from any modern browser.
        </P>
        <List
          items={[
            <>
              <strong>Admins</strong> set up the academic structure (batches, courses, branches,
              sections), create student and faculty accounts, and build and publish exams.
            </>,
            <>
              <strong>Faculty</strong> are assigned to proctored exams and supervise candidates
              during the sitting.
            </>,
            <>
              <strong>Students</strong> sign in with the account the admin issued and take the exams
              of their section.
            </>,
          ]}
        />
        <P>
          Accounts are never self-registered: the admin creates them and each new user receives a
          default password that must be changed at first sign-in.
        </P>
      </>
    ),
  },
  {
    id: 'features',
    title: 'Features',
    summary: 'The building blocks of the platform.',
    body: (
      <List
        items={[
          <>
            <strong>Two exam modes.</strong> Proctored exams run on one date between a start and an
            end time under assigned faculty; auto-scheduled exams stay open between a start and an
            end date. Both support buffer minutes before and after.
          </>,
          <>
            <strong>Exam builder.</strong> A five-step wizard (Exam Information, Target Audience,
            Schedule, Exam Structure, Questions) that checks every step before the exam can be saved
            as a draft or published.
          </>,
          <>
            <strong>Question types.</strong> Multiple choice, true/false, short answer with sample
            answer and keywords, and long answer with word limits and a model answer.
          </>,
          <>
            <strong>Live proctoring monitor.</strong> A grid of candidate video tiles with
            connection quality, alerts and a chat with each student.
          </>,
          <>
            <strong>Master data.</strong> Batches, courses, branches and sections form a cascade
            that every student record and exam audience refers to.
          </>,
          <>
            <strong>Student and faculty records.</strong> Personal, contact, academic, family and
            professional details with paginated lists and detail pages.
          </>,
        ]}
      />
    ),
  },
  {
    id: 'functionality',
    title: 'Functionality',
    summary: 'What each role can do.',
    body: (
      <>
        <H2>Admin</H2>
        <List
          items={[
            'Create batches, courses, branches and sections, and browse them.',
            'Create, list, view and delete students and faculty members.',
            'Create exams with the wizard, as a draft or published, and list them.',
            'Open the live proctoring monitor of an exam.',
          ]}
        />
        <H2>Faculty</H2>
        <List items={['Sign in and reach the faculty dashboard.']} />
        <H2>Student</H2>
        <List items={['Sign in and reach the student dashboard.']} />
        <H2>Signing in</H2>
        <P>
          After a successful sign-in each user lands in the area of their role: <Code>/admin</Code>,{' '}
          <Code>/faculty</Code> or <Code>/student</Code>. A user still on the default password is
          sent to the Reset Password screen first. Areas of other roles are never shown; trying to
          open one leads back to the user’s own area.
        </P>
      </>
    ),
  },
  {
    id: 'api-reference',
    title: 'API Reference',
    summary: 'How the browser talks to the server.',
    body: (
      <>
        <P>
          The server exposes a JSON API under <Code>/api</Code> on the same origin as the app.
          Interactive, always up-to-date documentation generated from the request schemas is served
          at{' '}
          <a href="/api/docs" className="font-medium text-brand-700 underline underline-offset-2">
            /api/docs
          </a>
          .
        </P>
        <H2>Authentication</H2>
        <P>
          Sign-in returns a short-lived access token, a refresh token and a session id. Every other
          call sends <Code>Authorization: Bearer &lt;accessToken&gt;</Code>. When the access token
          expires the client exchanges the refresh token for a new pair; the refresh token is
          rotated on every use.
        </P>
        <DefinitionTable
          head={['Endpoint', 'Purpose']}
          rows={[
            [<Code key="c">POST /api/auth/login</Code>, 'Sign in with email and password.'],
            [
              <Code key="c">POST /api/auth/refresh-token</Code>,
              'Rotate tokens with refreshToken and sessionId.',
            ],
            [
              <Code key="c">POST /api/auth/change-password</Code>,
              'Replace the temporary password.',
            ],
            [<Code key="c">GET /api/auth/me</Code>, 'The signed-in user.'],
            [<Code key="c">POST /api/auth/logout</Code>, 'End the session.'],
            [
              <Code key="c">/api/admin/…</Code>,
              'Master data, students, faculty and exams (admin only).',
            ],
          ]}
        />
        <H2>Responses</H2>
        <P>Successful calls answer with the data they were asked for:</P>
        <Pre>{'{ "success": true, "message": "Login successful", "data": { … } }'}</Pre>
        <P>
          Failures share one shape. Validation failures (HTTP 400) name each invalid field by its
          path, for example <Code>personalInfo.firstName</Code>:
        </P>
        <Pre>
          {
            '{ "success": false,\n  "message": "Please correct the highlighted fields",\n  "errors": { "email": "Please enter a valid email address" } }'
          }
        </Pre>
        <DefinitionTable
          head={['Status', 'Meaning']}
          rows={[
            ['400', 'The request failed validation; see errors.'],
            ['401', 'Missing, invalid or expired access token, or wrong credentials.'],
            ['403', 'Signed in, but the role may not do this.'],
            ['404', 'No record with that id.'],
            ['409', 'Duplicate, such as an email already registered.'],
            ['429', 'Too many attempts; try again later.'],
          ]}
        />
      </>
    ),
  },
  {
    id: 'db-schema',
    title: 'DB Schema',
    summary: 'The records ExamIQ stores.',
    body: (
      <>
        <P>
          Data lives in PostgreSQL (or its embedded build). Identifiers are strings; related records
          are written together in one transaction.
        </P>
        <DefinitionTable
          head={['Table', 'Holds']}
          rows={[
            [
              'users',
              'Email, password hash, role, active and email-verified flags, first-login flag, last login.',
            ],
            [
              'sessions',
              'One row per sign-in: the current refresh token, its expiry and whether it was revoked.',
            ],
            ['batches', 'Start and end year, e.g. 2024-2028.'],
            ['courses', 'Belong to a batch: name, full name, type, semesters, duration, status.'],
            ['branches', 'Belong to a course: name, code, status.'],
            ['sections', 'Belong to a branch: name, capacity, status.'],
            [
              'students',
              'Linked to a user: roll number, personal, contact, family and academic details.',
            ],
            [
              'faculty',
              'Linked to a user: employee id, department, designation, qualifications, experience.',
            ],
            [
              'exams',
              'Title, subject, mode, status, marks, duration, schedule, audience, assigned faculty.',
            ],
            [
              'exam sections',
              'Belong to an exam: name, order, marks, question type, count, time limit.',
            ],
            [
              'questions',
              'Belong to a section: text, marks, difficulty, options or model answers.',
            ],
          ]}
        />
        <P>
          Master data forms a cascade: batch → course → branch → section. A student belongs to one
          section, and an exam targets sections of one branch.
        </P>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    summary: 'How accounts and data are protected.',
    body: (
      <List
        items={[
          'Passwords are hashed with argon2id; they are never stored or logged in clear text.',
          'Access tokens are short-lived JWTs. Refresh tokens are opaque, bound to a server-side session and rotated on every use; presenting an old one again revokes the whole session (reuse detection).',
          'Every endpoint checks the caller’s role on the server; hiding a screen in the browser is never the only protection.',
          'Sign-in is rate-limited to slow down password guessing.',
          'A strict Content Security Policy only lets the app load its own scripts.',
          'New accounts must replace their default password at first sign-in; changing a password ends existing sessions.',
        ]}
      />
    ),
  },
  {
    id: 'deployment',
    title: 'Deployment',
    summary: 'Running ExamIQ on your own server.',
    body: (
      <>
        <P>ExamIQ needs Node.js 20.19 or later. From the project folder:</P>
        <Pre>{'npm install && npm start'}</Pre>
        <P>
          This builds the app, migrates the database and serves everything on one port. Out of the
          box it uses an embedded PostgreSQL whose files live in <Code>DATA_DIR</Code>; nothing else
          needs installing. On first start an admin account is created and its password printed
          once.
        </P>
        <DefinitionTable
          head={['Setting', 'Effect']}
          rows={[
            [<Code key="c">PORT</Code>, 'HTTP port, 3000 by default.'],
            [<Code key="c">DATA_DIR</Code>, 'Folder of the embedded database, ./data by default.'],
            [
              <Code key="c">DATABASE_URL</Code>,
              'Use a PostgreSQL server instead of the embedded database.',
            ],
            [
              <Code key="c">JWT_SECRET</Code>,
              'Signing key of access tokens; required with DATABASE_URL.',
            ],
            [<Code key="c">ADMIN_EMAIL</Code>, 'Email of the first admin (with ADMIN_PASSWORD).'],
          ]}
        />
        <P>
          With <Code>DATABASE_URL</Code> several server processes can run behind a load balancer
          against one PostgreSQL server.
        </P>
      </>
    ),
  },
];
