import { Box, Button, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { graphql, useMutation, useRefetchableFragment } from 'react-relay';
import type { AccountSettingsTabRefetchQuery } from '../../__generated__/AccountSettingsTabRefetchQuery.graphql';
import type { AccountSettingsTabUnbindMutation } from '../../__generated__/AccountSettingsTabUnbindMutation.graphql';
import type {
  AccountSettingsTab_viewer$data,
  AccountSettingsTab_viewer$key,
} from '../../__generated__/AccountSettingsTab_viewer.graphql';
import { showMessage } from '../ui/toaster';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormRow } from './FormField';
import { PasswordForm } from './PasswordForm';
import { mergeViewerProfile } from '../../relay/viewerUpdaters';
import { operationErrorMessage } from '../../relay/operationErrors';

const viewerFragment = graphql`
  fragment AccountSettingsTab_viewer on Viewer @refetchable(queryName: "AccountSettingsTabRefetchQuery") {
    profile {
      canChangePassword
      email
      phoneNumber
      changeEmailUrl
      changePhoneUrl
      findPasswordUrl
      bindings {
        provider
        label
        bound
        bindUrl
      }
    }
  }
`;

const unbindMutation = graphql`
  mutation AccountSettingsTabUnbindMutation($input: UnbindAccountInput!) {
    unbindAccount(input: $input) {
      profile {
        bindings {
          provider
          label
          bound
          bindUrl
        }
      }
      errors {
        message
        code
        field
      }
    }
  }
`;

export const UNBOUND = '解绑成功';
const UNBIND_FAILED = '解绑失败，请检查网络后重试';
// the same identity comes by the organisation's network or its no-login link: the notice names both
const NO_PASSWORD_NOTICE =
  '当前为机构账号（经所在学校或图书馆的网络或免登录链接进入），没有登录密码，无需也不能修改密码。如需个人账号，请联系所在机构。';

type Profile = NonNullable<AccountSettingsTab_viewer$data['profile']>;
type Binding = Profile['bindings'][number];

/**
 * 个人中心 · 账户设置: 修改密码 (not for an organisation's network identity), 第三方账号 (bind on the
 * login service's page, unbind here), 联系方式 (read-only, changed on the login service's pages).
 * What the user does on those pages shows when they come back to this tab.
 */
export function AccountSettingsTab({ viewer }: { readonly viewer: AccountSettingsTab_viewer$key }) {
  const [data, refetch] = useRefetchableFragment<AccountSettingsTabRefetchQuery, AccountSettingsTab_viewer$key>(
    viewerFragment,
    viewer,
  );
  const cameBackPending = useRef(false);

  useEffect(() => {
    const onReturn = () => {
      if (document.visibilityState !== 'visible' || !cameBackPending.current) return;
      cameBackPending.current = false;
      startTransition(() => {
        refetch({}, { fetchPolicy: 'network-only' });
      });
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [refetch]);

  const profile = data.profile;
  if (!profile) {
    return (
      <Text color="fg.muted" py="10" textAlign="center">
        请先登录
      </Text>
    );
  }
  const onExternalPage = () => {
    cameBackPending.current = true;
  };

  return (
    <Stack gap="6">
      <Section title="修改密码">
        {profile.canChangePassword ? (
          <PasswordForm findPasswordUrl={profile.findPasswordUrl} onExternalPage={onExternalPage} />
        ) : (
          <Text role="note" fontSize="sm" color="orange.700" bg="orange.50" borderRadius="md" px="4" py="3">
            {NO_PASSWORD_NOTICE}
          </Text>
        )}
      </Section>
      <Section title="第三方账号">
        <ThirdPartyAccounts bindings={profile.bindings} onExternalPage={onExternalPage} />
      </Section>
      <Section title="联系方式">
        <Stack gap="3" maxW="560px">
          <ContactRow
            label="邮箱"
            value={profile.email}
            changeUrl={profile.changeEmailUrl}
            onExternalPage={onExternalPage}
          />
          <ContactRow
            label="手机"
            value={profile.phoneNumber}
            changeUrl={profile.changePhoneUrl}
            onExternalPage={onExternalPage}
          />
        </Stack>
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} bg="white" borderRadius="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
      <Heading as="h2" size="md" mb="5">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function ContactRow(props: { label: string; value: string; changeUrl: string; onExternalPage: () => void }) {
  return (
    <FormRow label={props.label}>
      <HStack gap="4">
        <Text color={props.value ? 'gray.800' : 'fg.muted'}>{props.value || '未设置'}</Text>
        <Link
          href={props.changeUrl}
          target="_blank"
          rel="noopener"
          color="red.600"
          fontSize="sm"
          aria-label={`修改${props.label}`}
          onClick={props.onExternalPage}
        >
          修改
        </Link>
      </HStack>
    </FormRow>
  );
}

function ThirdPartyAccounts({
  bindings,
  onExternalPage,
}: {
  readonly bindings: Profile['bindings'];
  readonly onExternalPage: () => void;
}) {
  const [confirming, setConfirming] = useState<Binding | null>(null);
  const [commit, unbinding] = useMutation<AccountSettingsTabUnbindMutation>(unbindMutation);

  const unbind = (binding: Binding) => {
    commit({
      variables: { input: { provider: binding.provider } },
      updater: (store, response) => {
        if (response?.unbindAccount.errors.length === 0) mergeViewerProfile(store, 'unbindAccount');
      },
      onCompleted: (response) => {
        setConfirming(null);
        const refusal = response.unbindAccount.errors[0];
        if (refusal) showMessage(refusal.message, 'error');
        else showMessage(UNBOUND, 'success');
      },
      onError: (error) => {
        setConfirming(null);
        showMessage(operationErrorMessage(error) ?? UNBIND_FAILED, 'error');
      },
    });
  };

  return (
    <>
      <Stack as="ul" gap="0" maxW="560px" listStyleType="none" aria-label="第三方账号">
        {bindings.map((binding) => (
          <HStack
            as="li"
            key={binding.provider}
            justify="space-between"
            py="3"
            borderBottomWidth="1px"
            borderColor="gray.100"
          >
            <Text fontWeight="medium">{binding.label}</Text>
            {binding.bound ? (
              <HStack gap="4">
                <Text fontSize="sm" color="green.600">
                  已绑定
                </Text>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`解绑${binding.label}`}
                  onClick={() => setConfirming(binding)}
                >
                  解绑
                </Button>
              </HStack>
            ) : (
              <Button asChild size="sm" colorPalette="red" variant="outline">
                <a
                  href={binding.bindUrl}
                  target="_blank"
                  rel="noopener"
                  aria-label={`绑定${binding.label}`}
                  onClick={onExternalPage}
                >
                  绑定
                </a>
              </Button>
            )}
          </HStack>
        ))}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={`解绑${confirming?.label ?? ''}`}
        message={`确定解除与${confirming?.label ?? ''}账号的绑定吗？`}
        confirmLabel="确定解绑"
        busy={unbinding}
        onConfirm={() => confirming && unbind(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
