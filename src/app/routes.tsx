import { Route, Switch, useLocation } from 'wouter';
import { LoginPage } from '../features/auth/LoginPage';
import { RestorePasswordPage } from '../features/auth/RestorePasswordPage';
import { SetPasswordPage } from '../features/auth/SetPasswordPage';
import { EmployeeEditPage, EmployeeFormPage } from '../features/employees/EmployeeFormPage';
import { EmployeesListPage } from '../features/employees/EmployeesListPage';
import { LandlordEditPage, LandlordFormPage } from '../features/landlords/LandlordFormPage';
import { LandlordsListPage } from '../features/landlords/LandlordsListPage';
import { ObjectTypeEditPage, ObjectTypeFormPage, ObjectTypesListPage } from '../features/object-types/ObjectTypesPages';
import { ObjectEditPage, ObjectFormPage } from '../features/objects/ObjectFormPage';
import { ObjectsListPage } from '../features/objects/ObjectsListPage';
import { ApplicationsPage } from '../features/contractors/ApplicationsPage';
import { ContractorEditPage, ContractorFormPage } from '../features/contractors/ContractorFormPage';
import { ContractorsListPage } from '../features/contractors/ContractorsListPage';
import { ContractorViewPage } from '../features/contractors/ContractorViewPage';
import { PublicContractorFormPage } from '../features/contractors/PublicContractorFormPage';
import { RenterEditPage, RenterFormPage } from '../features/renters/RenterFormPage';
import { RequestCreatePage } from '../features/requests/RequestCreatePage';
import { RequestCreateFormPage, RequestEditPage } from '../features/requests/RequestFormPage';
import { RequestsListPage } from '../features/requests/RequestsListPage';
import { RequestViewPage } from '../features/requests/RequestViewPage';
import { RentersListPage } from '../features/renters/RentersListPage';
import { RenterViewPage } from '../features/renters/RenterViewPage';
import { HomePage } from '../features/home/HomePage';
import { LandingPage } from '../features/landing/LandingPage';
import { NotFoundPage, PrivacyPage, TermsPage, TestPage } from '../features/pages/StaticPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { ResetPasswordPage } from '../features/profile/ResetPasswordPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { StatechartsPage } from '../features/charts/StatechartsPage';
import { ComingSoonPage } from './shell/ComingSoonPage';
import type { NavEntry } from './shell/nav-items';
import { Shell } from './shell/Shell';
import { TaskCreatePage, TaskEditPage } from '../features/tasks/TaskFormPage';
import { QuickTasksListPage, TasksListPage } from '../features/tasks/TasksListPage';
import { TaskViewPage } from '../features/tasks/TaskViewPage';
import { SocialLinkEditPage, SocialLinkFormPage } from '../features/social-links/SocialLinkFormPage';
import { SocialLinksListPage } from '../features/social-links/SocialLinksListPage';
import { RequestTypesPage } from '../features/request-types/RequestTypesPage';
import { VisitorRequestPage } from '../features/visitor/VisitorRequestPage';
import { ApplicationFormPage } from '../features/waiting-list/ApplicationFormPage';
import { MakeRenterPage } from '../features/waiting-list/MakeRenterPage';
import { QuestionnaireViewPage } from '../features/waiting-list/QuestionnaireViewPage';
import { QuestionnairesListPage } from '../features/waiting-list/QuestionnairesListPage';
import { TenantsPage } from '../features/waiting-list/TenantsPage';
import { Guarded } from './Guarded';

// Modules of later issues: in the navigation already, each says it is coming.
const later: [string, NavEntry['key']][] = [
  ['/calendar', 'calendar'],
  ['/contracts', 'contracts'],
  ['/notifications', 'notifications'],
  ['/reports', 'reports'],
];

/** Every signed-in screen: behind the guard, inside the shell. */
function GuardedRoutes() {
  return (
    <Guarded>
      <Shell>
        <Switch>
          <Route path="/home" component={HomePage} />
          <Route path="/home/index" component={HomePage} />
          <Route path="/profile" component={ProfilePage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/employees" component={EmployeesListPage} />
          <Route path="/employees/create">
            <EmployeeFormPage />
          </Route>
          <Route path="/employees/update/:id">{(p) => <EmployeeEditPage id={p.id} />}</Route>
          <Route path="/landlords" component={LandlordsListPage} />
          <Route path="/landlords/create">
            <LandlordFormPage />
          </Route>
          <Route path="/landlords/update/:id">{(p) => <LandlordEditPage id={p.id} />}</Route>
          <Route path="/type-object" component={ObjectTypesListPage} />
          <Route path="/type-object/create">
            <ObjectTypeFormPage />
          </Route>
          <Route path="/type-object/:id">{(p) => <ObjectTypeEditPage id={p.id} />}</Route>
          <Route path="/objects" component={ObjectsListPage} />
          <Route path="/objects/create">
            <ObjectFormPage />
          </Route>
          <Route path="/objects/:id">{(p) => <ObjectEditPage id={p.id} />}</Route>
          <Route path="/social-network" component={SocialLinksListPage} />
          <Route path="/social-network/create">
            <SocialLinkFormPage />
          </Route>
          <Route path="/social-network/:id/edit">{(p) => <SocialLinkEditPage id={p.id} />}</Route>
          <Route path="/settings" component={SettingsPage} />
          <Route path="/request-types" component={RequestTypesPage} />
          <Route path="/contractors" component={ContractorsListPage} />
          <Route path="/contractors/applications" component={ApplicationsPage} />
          <Route path="/contractors/create">
            <ContractorFormPage />
          </Route>
          <Route path="/contractors/view/:id">{(p) => <ContractorViewPage id={p.id} />}</Route>
          <Route path="/contractors/edit/:id">{(p) => <ContractorEditPage id={p.id} />}</Route>
          <Route path="/renters" component={RentersListPage} />
          <Route path="/renters/create">
            <RenterFormPage />
          </Route>
          <Route path="/renters/view/:id">{(p) => <RenterViewPage id={p.id} />}</Route>
          <Route path="/renters/update/:id">{(p) => <RenterEditPage id={p.id} />}</Route>
          <Route path="/requests-journal" component={RequestsListPage} />
          <Route path="/requests-journal/create" component={RequestCreatePage} />
          <Route path="/requests-journal/create/:typeId">{(p) => <RequestCreateFormPage typeId={p.typeId} />}</Route>
          <Route path="/requests-journal/edit/:bidId">{(p) => <RequestEditPage id={p.bidId} />}</Route>
          <Route path="/requests-journal/view/:bidId">{(p) => <RequestViewPage id={p.bidId} />}</Route>
          <Route path="/tasks" component={TasksListPage} />
          <Route path="/tasks/create">
            <TaskCreatePage kind="task" />
          </Route>
          <Route path="/tasks/:id/edit">{(p) => <TaskEditPage id={p.id} kind="task" />}</Route>
          <Route path="/tasks/:id">{(p) => <TaskViewPage id={p.id} kind="task" />}</Route>
          <Route path="/quick-tasks" component={QuickTasksListPage} />
          <Route path="/quick-tasks/create">
            <TaskCreatePage kind="quick" />
          </Route>
          <Route path="/quick-tasks/:id/edit">{(p) => <TaskEditPage id={p.id} kind="quick" />}</Route>
          <Route path="/quick-tasks/:id">{(p) => <TaskViewPage id={p.id} kind="quick" />}</Route>
          <Route path="/contractors/task-edit/:id">{(p) => <TaskEditPage id={p.id} kind="task" />}</Route>
          <Route path="/application-forms" component={QuestionnairesListPage} />
          <Route path="/application-forms/:id/renter">{(p) => <MakeRenterPage id={p.id} />}</Route>
          <Route path="/application-forms/:id">{(p) => <QuestionnaireViewPage id={p.id} />}</Route>
          <Route path="/statecharts" component={StatechartsPage} />
          {later.map(([path, section]) => (
            <Route key={path} path={path} nest>
              <ComingSoonPage section={section} />
            </Route>
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Shell>
    </Guarded>
  );
}

const guardedPrefixes = ['/home', '/profile', '/reset-password', '/employees', '/landlords', '/type-object', '/objects', '/social-network', '/settings', '/request-types', '/contractors', '/renters', '/requests-journal', '/tasks', '/quick-tasks', '/application-forms', '/statecharts', ...later.map(([p]) => p)];
const isGuarded = (path: string) => guardedPrefixes.some((p) => path === p || path.startsWith(`${p}/`));

/** Spec §2's route table: public and auth screens, then the guarded ones, then 404. */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/ru" component={LandingPage} />
      <Route path="/terms-of-service" component={TermsPage} />
      <Route path="/privacy-policy" component={PrivacyPage} />
      <Route path="/test" component={TestPage} />
      <Route path="/contractor-form" component={PublicContractorFormPage} />
      <Route path="/visitor-request/:objectId">{(p) => <VisitorRequestPage objectId={p.objectId} />}</Route>
      <Route path="/tenants" component={TenantsPage} />
      <Route path="/application-form" component={ApplicationFormPage} />
      <Route path="/auth" component={LoginPage} />
      <Route path="/auth/restore-password" component={RestorePasswordPage} />
      <Route path="/auth/refresh-password">
        <SetPasswordPage purpose="reset" />
      </Route>
      <Route path="/auth/first-login">
        <SetPasswordPage purpose="first_login" />
      </Route>
      <Route>{isGuarded(location) ? <GuardedRoutes /> : <NotFoundPage />}</Route>
    </Switch>
  );
}
