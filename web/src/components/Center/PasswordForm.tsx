import { Box, Button, Input, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { PasswordFormChangeMutation } from '../../__generated__/PasswordFormChangeMutation.graphql';
import { showMessage } from '../ui/toaster';
import { FormField, fieldControlProps } from './FormField';
import {
  EMPTY_PASSWORD_DRAFT,
  PASSWORD_FIELDS,
  isPasswordField,
  passwordProblems,
  type PasswordDraft,
  type PasswordField,
} from './passwordRules';
import { operationErrorMessage } from '../../relay/operationErrors';

const changePasswordMutation = graphql`
  mutation PasswordFormChangeMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      message
      errors {
        message
        code
        field
      }
    }
  }
`;

export const PASSWORD_CHANGED = '密码修改成功';
const CHANGE_FAILED = '修改失败，请检查网络后重试';

const LABELS: Record<PasswordField, string> = {
  oldPassword: '原密码',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
};

const AUTOCOMPLETE: Record<PasswordField, string> = {
  oldPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

const fieldId = (field: PasswordField) => `password-${field}`;

/** 修改密码: 原密码 / 新密码 / 确认新密码, checked as the login service checks them, then changePassword. */
export function PasswordForm({
  findPasswordUrl,
  onExternalPage,
}: {
  readonly findPasswordUrl: string;
  readonly onExternalPage: () => void;
}) {
  const [draft, setDraft] = useState<PasswordDraft>(EMPTY_PASSWORD_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [commit, saving] = useMutation<PasswordFormChangeMutation>(changePasswordMutation);

  const change = (field: PasswordField, value: string) => {
    setDraft({ ...draft, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problems = passwordProblems(draft);
    setErrors(problems);
    const first = PASSWORD_FIELDS.find((field) => problems[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setFormError(null);
    commit({
      variables: { input: draft },
      onCompleted: (response) => {
        const { errors: refusals, message } = response.changePassword;
        if (refusals.length > 0) {
          const byField: Partial<Record<PasswordField, string>> = {};
          let general: string | null = null;
          for (const refusal of refusals) {
            if (isPasswordField(refusal.field)) byField[refusal.field] ??= refusal.message;
            else general ??= refusal.message;
          }
          setErrors(byField);
          setFormError(general);
          showMessage(refusals[0]!.message, 'error');
          return;
        }
        setDraft(EMPTY_PASSWORD_DRAFT);
        setErrors({});
        showMessage(message || PASSWORD_CHANGED, 'success');
      },
      onError: (error) => {
        const message = operationErrorMessage(error) ?? CHANGE_FAILED;
        setFormError(message);
        showMessage(message, 'error');
      },
    });
  };

  return (
    <chakra.form onSubmit={submit} noValidate aria-label="修改密码" maxW="560px">
      <Stack gap="4">
        {formError ? (
          <Text role="alert" fontSize="sm" color="red.600" bg="red.50" borderRadius="md" px="4" py="2.5">
            {formError}
          </Text>
        ) : null}
        {PASSWORD_FIELDS.map((field) => (
          <FormField key={field} id={fieldId(field)} label={LABELS[field]} error={errors[field]}>
            <Input
              {...fieldControlProps(fieldId(field), errors[field])}
              type="password"
              autoComplete={AUTOCOMPLETE[field]}
              value={draft[field]}
              placeholder={field === 'newPassword' ? '至少8位，须同时包含字母和数字' : undefined}
              onChange={(e) => change(field, e.target.value)}
            />
          </FormField>
        ))}
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '7em 1fr' }} columnGap="4">
          <Box />
          <Box display="flex" alignItems="center" gap="4" flexWrap="wrap">
            <Button type="submit" colorPalette="red" loading={saving} loadingText="提交中..." px="8">
              修改密码
            </Button>
            <Text fontSize="sm" color="fg.muted">
              忘记原密码？
              <Link href={findPasswordUrl} target="_blank" rel="noopener" color="red.600" onClick={onExternalPage}>
                找回密码
              </Link>
            </Text>
          </Box>
        </Box>
      </Stack>
    </chakra.form>
  );
}
