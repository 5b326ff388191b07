import { Box, Breadcrumb, Stack } from '@chakra-ui/react';
import { startTransition, useCallback } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import type { CatalogueQuery } from '../../__generated__/CatalogueQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { CatalogueView } from '../../components/Catalogue/CatalogueView';
import { CatalogueNotFound } from '../../components/Feedback/CatalogueNotFound';
import { catalogueQuery, catalogueRedirect, catalogueUrl, honouredChild } from './CatalogueQuery';

export default function CataloguePage({ queryRef, search }: PageProps<CatalogueQuery>) {
  const data = usePreloadedQuery<CatalogueQuery>(catalogueQuery, queryRef);
  const navigate = useNavigate();
  const { scId } = queryRef.variables;
  const node = data.catalogue;
  // tcId counts only when it is one of this category's children
  const tcId = honouredChild(node, search);

  // The third-level filter lives in the URL; the view refetches by itself, the route does not reload.
  const changeChild = useCallback(
    (childId: number | null) => {
      startTransition(() => {
        void navigate(catalogueUrl(scId, childId), { replace: true });
      });
    },
    [navigate, scId],
  );

  if (!node) return <CatalogueNotFound />;
  // The loader redirects these before anything renders; this is the fallback when it could not
  // look at the data in time.
  if (node.level !== 2) {
    const elsewhere = catalogueRedirect(data, new URL(`/catalog?${search.toString()}`, window.location.origin));
    if (elsewhere) return <Navigate to={elsewhere} replace />;
  }
  // A tcId that is not a child arrived without reloading the route (same scId): the listing
  // already ignores it; drop it from the URL too.
  const dropChild = search.has('tcId') && tcId === null;

  return (
    <Stack gap="4">
      {dropChild ? <Navigate to={catalogueUrl(scId, null)} replace /> : null}
      <Breadcrumb.Root size="sm" aria-label="当前位置">
        <Breadcrumb.List>
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to="/home">首页</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          {node.parent ? (
            <>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to={`/home?scId=${node.parent.catalogueId}`}>{node.parent.name}</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
            </>
          ) : null}
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            <Breadcrumb.CurrentLink>{node.name}</Breadcrumb.CurrentLink>
          </Breadcrumb.Item>
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <Box>
        <CatalogueView key={scId} query={data} childId={tcId} onChildChange={changeChild} />
      </Box>
    </Stack>
  );
}
