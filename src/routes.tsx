import { Navigate, type RouteObject } from './routing/router';
import { lazyPage } from './lazy/lazyPage';
import { PATHS, type RouteHandle } from './routing/paths';
import { RootLayout } from './routing/RootLayout';
import { RouteErrorPage } from './routing/RouteErrorPage';
import { UnknownPath } from './routing/UnknownPath';

// Every page is its own chunk. The login front and /entrance pull neither AG Grid nor the date pickers.
const Entrance = lazyPage(() => import('./pages/Entrance').then((m) => m.Entrance));
const LoginFront = lazyPage(() => import('./pages/LoginFront').then((m) => m.LoginFront));
const CheckRole = lazyPage(() => import('./pages/CheckRole').then((m) => m.CheckRole));
const HomeShell = lazyPage(() => import('./shell/HomeShell').then((m) => m.HomeShell));
const ShellLanding = lazyPage(() => import('./shell/ShellLanding').then((m) => m.ShellLanding));
const Statistics = lazyPage(() => import('./pages/Statistics').then((m) => m.Statistics));
const StandaloneShell = lazyPage(() => import('./shell/StandaloneShell').then((m) => m.StandaloneShell));
// the list pages carry AG Grid and the date pickers: never part of the login front's chunks
const SubjectListPage = lazyPage(() =>
  import('./features/subjects/SubjectListPage').then((m) => m.SubjectListPage),
);
const SubjectPage = lazyPage(() => import('./features/subjects/SubjectPage').then((m) => m.SubjectPage));
const SubjectInfoPage = lazyPage(() =>
  import('./features/subjects/info/SubjectInfoPage').then((m) => m.SubjectInfoPage),
);
const SubjectTransferPage = lazyPage(() =>
  import('./features/subjects/transfer/SubjectTransferPage').then((m) => m.SubjectTransferPage),
);
const FormPage = lazyPage(() => import('./features/data/formPageLoader').then((m) => m.loadFormPage()));
const SdvWorklistPage = lazyPage(() =>
  import('./features/sdv/SdvWorklistPage').then((m) => m.SdvWorklistPage),
);
const QueryManagePage = lazyPage(() =>
  import('./features/queries/QueryManagePage').then((m) => m.QueryManagePage),
);
const InvalidTablePage = lazyPage(() =>
  import('./features/invalidRecords/InvalidTablePage').then((m) => m.InvalidTablePage),
);
const MedCodingPage = lazyPage(() =>
  import('./features/medCoding/MedCodingPage').then((m) => m.MedCodingPage),
);
const QueryImportPage = lazyPage(() =>
  import('./features/queries/import/QueryImportPage').then((m) => m.QueryImportPage),
);
const FreezeRequestsPage = lazyPage(() =>
  import('./features/freeze/FreezeRequestsPage').then((m) => m.FreezeRequestsPage),
);
const StudyImportPage = lazyPage(() =>
  import('./features/interchange/StudyImportPage').then((m) => m.StudyImportPage),
);
const StudyExportPage = lazyPage(() =>
  import('./features/interchange/StudyExportPage').then((m) => m.StudyExportPage),
);
const IndexRefresh = lazyPage(() => import('./pages/RefreshRedirect').then((m) => m.IndexRefreshPage));
const Refresh = lazyPage(() => import('./pages/RefreshRedirect').then((m) => m.RefreshPage));
const NotFound = lazyPage(() => import('./pages/errors/NotFoundPage').then((m) => m.NotFoundPage));
const Unauthorized = lazyPage(() =>
  import('./pages/errors/UnauthorizedPage').then((m) => m.UnauthorizedPage),
);
const ForcedLogout = lazyPage(() =>
  import('./pages/errors/ForcedLogoutPage').then((m) => m.ForcedLogoutPage),
);
const ServerError = lazyPage(() => import('./pages/errors/ServerErrorPage').then((m) => m.ServerErrorPage));

const unknownPath: RouteHandle = { unknownPath: true };
/** A form needs the form route's part of the app catalogue only (its dialogs load more when opened, see tiers.ts). */
const formPage: RouteHandle = { appTierParts: ['formRoute'] };
/** A form of a subject's visit, below the subject (see routing/formPaths.ts). */
const FORM_ROUTE = 'visits/:visitnum/:cycnum/:svnum/forms/:tid';
const rel = (path: string) => path.slice(1);

/**
 * The routes of spec §2. Pages of later issues are added as children of /index; anything else is an unknown path
 * (404, or back to the previous path when reached from inside the app).
 */
export const appRoutes: RouteObject[] = [
  {
    path: PATHS.root,
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to={PATHS.entrance} replace /> },
      { path: rel(PATHS.entrance), element: <Entrance /> },
      { path: rel(PATHS.loginFront), element: <LoginFront /> },
      { path: rel(PATHS.checkRole), element: <CheckRole /> },
      { path: rel(PATHS.refresh), element: <Refresh /> },
      { path: rel(PATHS.unauthorized), element: <Unauthorized /> },
      { path: rel(PATHS.forcedLogout), element: <ForcedLogout /> },
      { path: rel(PATHS.notFound), element: <NotFound /> },
      { path: rel(PATHS.serverError), element: <ServerError /> },
      {
        path: rel(PATHS.index),
        element: <HomeShell />,
        children: [
          { index: true, element: <ShellLanding /> },
          { path: 'statistics', element: <Statistics /> },
          { path: 'subjects', element: <SubjectListPage base={PATHS.subjects} /> },
          { path: 'subjects/:subjectid', element: <SubjectPage base={PATHS.subjects} /> },
          {
            path: `subjects/:subjectid/${FORM_ROUTE}`,
            element: <FormPage base={PATHS.subjects} />,
            handle: formPage,
          },
          { path: 'subjectInfo', element: <SubjectInfoPage /> },
          { path: 'subjectTransfer', element: <SubjectTransferPage /> },
          { path: 'sdv', element: <SdvWorklistPage /> },
          { path: 'queryManage', element: <QueryManagePage /> },
          { path: 'invalidTable', element: <InvalidTablePage /> },
          { path: 'medCoding', element: <MedCodingPage /> },
          { path: 'queryImport', element: <QueryImportPage /> },
          { path: 'freezeRequests', element: <FreezeRequestsPage /> },
          { path: 'studyImport', element: <StudyImportPage /> },
          { path: 'studyExport', element: <StudyExportPage /> },
          { path: 'indexRefresh', element: <IndexRefresh /> },
          { path: '*', element: <UnknownPath notFound={NotFound} />, handle: unknownPath },
        ],
      },
      {
        path: rel(PATHS.standaloneSubjects),
        element: <StandaloneShell />,
        children: [
          { index: true, element: <SubjectListPage base={PATHS.standaloneSubjects} /> },
          { path: ':subjectid', element: <SubjectPage base={PATHS.standaloneSubjects} /> },
          {
            path: `:subjectid/${FORM_ROUTE}`,
            element: <FormPage base={PATHS.standaloneSubjects} />,
            handle: formPage,
          },
        ],
      },
      { path: '*', element: <UnknownPath notFound={NotFound} />, handle: unknownPath },
    ],
  },
];
