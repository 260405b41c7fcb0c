import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { useRequestTypes } from '#/state/queries/requests';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { EmptyState, Page, Tile } from '../../ui';
import * as s from './requests.css';

/** `/requests-journal/create`: the request types as tiles (a renter gets only those its landlord shows). */
export function RequestCreatePage() {
  const { LL } = useI18nContext();
  const link = useSpaLink();
  const query = useRequestTypes();
  return (
    <QueryPage title={LL.requests.newRequest()} query={query}>
      {(types) => (
        <Page title={LL.requests.newRequest()} data-testid="request-types">
          <p>{LL.requests.chooseType()}</p>
          {types.length === 0 ? (
            <EmptyState title={LL.requests.noTypes()} />
          ) : (
            <div className={s.tiles}>
              {types.map((t) => (
                <Tile
                  key={t.id}
                  title={t.name}
                  href={paths.requests.createOfType(t.id)}
                  onClick={link(paths.requests.createOfType(t.id))}
                  data-testid="request-type-tile"
                />
              ))}
            </div>
          )}
        </Page>
      )}
    </QueryPage>
  );
}
