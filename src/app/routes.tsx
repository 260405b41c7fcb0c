import { Route, Switch, useLocation } from 'wouter';
import { LoginPage } from '../features/auth/LoginPage';
import { RestorePasswordPage } from '../features/auth/RestorePasswordPage';
import { SetPasswordPage } from '../features/auth/SetPasswordPage';
import { EmployeeEditPage, EmployeeFormPage } from '../features/employees/EmployeeFormPage';
import { EmployeesListPage } from '../features/employees/EmployeesListPage';
import { HomePage } from '../features/home/HomePage';
import { LandingPage } from '../features/landing/LandingPage';
import { NotFoundPage, PrivacyPage, TermsPage, TestPage } from '../features/pages/StaticPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { ResetPasswordPage } from '../features/profile/ResetPasswordPage';
import { ComingSoonPage } from '../features/shell/ComingSoonPage';
import type { NavEntry } from '../features/shell/nav-items';
import { Shell } from '../features/shell/Shell';
import { Guarded } from './Guarded';

// Modules of later issues: in the navigation already, each says it is coming.
const later: [string, NavEntry['key']][] = [
  ['/requests-journal', 'requests'],
  ['/tasks', 'tasks'],
  ['/calendar', 'calendar'],
  ['/application-forms', 'waitingList'],
  ['/renters', 'renters'],
  ['/landlords', 'landlords'],
  ['/contracts', 'contracts'],
  ['/notifications', 'notifications'],
  ['/reports', 'reports'],
  ['/settings', 'settings'],
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

const guardedPrefixes = ['/home', '/profile', '/reset-password', '/employees', ...later.map(([p]) => p)];
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
