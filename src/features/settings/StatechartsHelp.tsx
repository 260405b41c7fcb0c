import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useI18nContext } from '../../i18n/i18n-react';
import { Card } from '../../ui';

/** The statechart viewer is reference, not everyday work: the landlord finds it here, not in the menu. */
export function StatechartsHelp() {
  const { LL } = useI18nContext();
  return (
    <Card title={LL.charts.help()} data-testid="statecharts-help">
      <p>{LL.charts.helpText()}</p>
      <Link href={paths.statecharts} data-testid="statecharts-link">
        {LL.charts.title()}
      </Link>
    </Card>
  );
}
