import { Box, Breadcrumb, Stack } from '@chakra-ui/react';
import { startTransition, useCallback } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import type { CatalogQuery } from '../../__generated__/CatalogQuery.graphql';
import type { PageProps } from '../../app/routeTypes';
import { ClassifyView } from '../../components/Classify/ClassifyView';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { catalogQuery } from './CatalogQuery';

export default function CatalogPage({ queryRef, search }: PageProps<CatalogQuery>) {
  const data = usePreloadedQuery<CatalogQuery>(catalogQuery, queryRef);
  const navigate = useNavigate();
  const { scId } = queryRef.variables;
  const tcParam = Number(search.get('tcId') ?? '');
  const tcId = Number.isInteger(tcParam) && tcParam > 0 ? tcParam : null;

  // The third-level filter lives in the URL; the view refetches by itself, the route does not reload.
  const changeChild = useCallback(
    (childId: number | null) => {
      const params = new URLSearchParams({ scId: String(scId) });
      if (childId !== null) params.set('tcId', String(childId));
      startTransition(() => {
        void navigate(`/catalog?${params.toString()}`, { replace: true });
      });
    },
    [navigate, scId],
  );

  const node = data.catalogue;
  if (!node) return <EmptyState text="未找到该分类" />;
  // A subject is the home page's tab; a third-level node is shown inside its category.
  if (node.level === 1) return <Navigate to={`/home?scId=${node.catalogueId}`} replace />;
  if (node.level >= 3 && node.parent) {
    return <Navigate to={`/catalog?scId=${node.parent.catalogueId}&tcId=${node.catalogueId}`} replace />;
  }

  return (
    <Stack gap="4">
      <Breadcrumb.Root size="sm">
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
        <ClassifyView key={scId} query={data} childId={tcId} onChildChange={changeChild} />
      </Box>
    </Stack>
  );
}
