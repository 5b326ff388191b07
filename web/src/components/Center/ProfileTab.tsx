import { Avatar, Box, Button, HStack, Heading, Input, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { Suspense, lazy, useState, type FormEvent } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { ProfileTabUpdateMutation } from '../../__generated__/ProfileTabUpdateMutation.graphql';
import type { ProfileTab_viewer$data, ProfileTab_viewer$key } from '../../__generated__/ProfileTab_viewer.graphql';
import { AVATAR_UPLOAD, TEXT_LIMIT } from '../../constants';
import { showMessage } from '../ui/toaster';
import { FormField, FormRow, fieldControlProps } from './FormField';
import {
  GENDER_OPTIONS,
  PROFILE_FIELDS,
  chinaToday,
  introLength,
  isProfileField,
  profileFieldProblem,
  profileInput,
  profileProblems,
  type GenderValue,
  type ProfileDraft,
  type ProfileField,
} from './profileRules';
import { mergeViewerProfile } from '../../relay/viewerUpdaters';
import { operationErrorMessage } from '../../relay/operationErrors';

/** react-easy-crop and the upload come with the dialog, loaded on first use (not in the first-load bundle). */
const loadCropDialog = () => import('./AvatarCropDialog');
const AvatarCropDialog = lazy(loadCropDialog);

const viewerFragment = graphql`
  fragment ProfileTab_viewer on Viewer {
    name
    profile {
      userName
      realName
      gender
      birthday
      address
      school
      major
      className
      studentId
      info
      headPicture
      canChangePassword
    }
  }
`;

const updateProfileMutation = graphql`
  mutation ProfileTabUpdateMutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      profile {
        realName
        gender
        birthday
        address
        school
        major
        className
        studentId
        info
      }
      errors {
        message
        code
        field
      }
    }
  }
`;

export const PROFILE_SAVED = '个人资料已保存';
const SAVE_FAILED = '保存失败，请检查网络后重试';
// the same identity comes by the organisation's network or its no-login link: the notice names both
const ORG_IDENTITY_NOTICE = '当前为机构账号（经所在学校或图书馆的网络或免登录链接进入），不能修改个人资料和头像。';

type Profile = NonNullable<ProfileTab_viewer$data['profile']>;

function draftOf(profile: Profile): ProfileDraft {
  const gender: GenderValue = profile.gender === 'MALE' || profile.gender === 'FEMALE' ? profile.gender : 'UNKNOWN';
  return {
    realName: profile.realName,
    gender,
    birthday: profile.birthday,
    address: profile.address,
    school: profile.school,
    major: profile.major,
    className: profile.className,
    studentId: profile.studentId,
    info: profile.info,
  };
}

const FIELD_LABELS: Record<ProfileField, string> = {
  realName: '真实姓名',
  gender: '性别',
  birthday: '出生日期',
  address: '地址',
  school: '学校',
  major: '专业',
  className: '班级',
  studentId: '学号',
  info: '个人简介',
};

const fieldId = (field: ProfileField) => `profile-${field}`;

/** 个人中心 · 个人资料: the avatar (更换头像 → crop dialog) and the profile form (保存 → updateProfile). */
export function ProfileTab({ viewer }: { readonly viewer: ProfileTab_viewer$key }) {
  const data = useFragment(viewerFragment, viewer);
  const profile = data.profile;
  if (!profile) {
    return (
      <Text color="fg.muted" py="10" textAlign="center">
        请先登录
      </Text>
    );
  }
  return (
    <Stack gap="8" bg="white" borderRadius="xl" borderWidth="1px" p={{ base: '5', md: '8' }}>
      <Heading as="h2" size="md">
        个人资料
      </Heading>
      {profile.canChangePassword ? null : (
        <Text role="note" fontSize="sm" color="orange.700" bg="orange.50" borderRadius="md" px="4" py="3">
          {ORG_IDENTITY_NOTICE}
        </Text>
      )}
      {/* the letter of the header's avatar and the centre's summary: the viewer's display name */}
      <AvatarBlock
        name={data.name || profile.userName || profile.realName || '用户'}
        headPicture={profile.headPicture}
        editable={profile.canChangePassword}
      />
      {/* the draft starts from the data: another person signed in (in another tab) starts afresh */}
      <ProfileForm key={profile.userName} profile={profile} editable={profile.canChangePassword} />
    </Stack>
  );
}

function AvatarBlock({
  name,
  headPicture,
  editable,
}: {
  readonly name: string;
  readonly headPicture: string;
  readonly editable: boolean;
}) {
  // A fresh dialog each time it opens: every opening starts at step 1.
  const [session, setSession] = useState(0);
  const [open, setOpen] = useState(false);
  const openDialog = () => {
    setSession((n) => n + 1);
    setOpen(true);
  };
  const preload = () => {
    void loadCropDialog();
  };
  return (
    <HStack gap="5">
      <Avatar.Root boxSize="88px" borderWidth="1px" borderColor="gray.200">
        <Avatar.Fallback name={name} />
        {headPicture ? <Avatar.Image src={headPicture} alt="头像" /> : null}
      </Avatar.Root>
      {editable ? (
        <Stack gap="1.5" align="start">
          <Button size="sm" variant="outline" onClick={openDialog} onPointerEnter={preload} onFocus={preload}>
            更换头像
          </Button>
          <Text fontSize="xs" color="fg.muted">
            {`图片格式，单文件不超过 ${AVATAR_UPLOAD.maxFileKb} KB，不小于 ${AVATAR_UPLOAD.size}×${AVATAR_UPLOAD.size} 像素`}
          </Text>
        </Stack>
      ) : null}
      {session > 0 ? (
        <Suspense fallback={<Spinner size="sm" color="red.500" aria-label="加载中" />}>
          <AvatarCropDialog key={session} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </HStack>
  );
}

function ProfileForm({ profile, editable }: { readonly profile: Profile; readonly editable: boolean }) {
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [commit, saving] = useMutation<ProfileTabUpdateMutation>(updateProfileMutation);
  const today = chinaToday();

  const change = <F extends ProfileField>(field: F, value: ProfileDraft[F]) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    // A message goes as soon as its field is right again; the intro's limit shows while typing.
    if (field === 'info' || errors[field])
      setErrors({ ...errors, [field]: profileFieldProblem(field, next, today) ?? undefined });
    setFormError(null);
  };

  const focusField = (field: ProfileField) => {
    const id = field === 'gender' ? `${fieldId('gender')}-${draft.gender}` : fieldId(field);
    document.getElementById(id)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || !editable) return;
    const problems = profileProblems(draft, today);
    setErrors(problems);
    const first = PROFILE_FIELDS.find((field) => problems[field]);
    if (first) {
      focusField(first);
      return;
    }
    setFormError(null);
    commit({
      variables: { input: profileInput(draft) },
      updater: (store, response) => {
        if (response?.updateProfile.errors.length === 0) mergeViewerProfile(store, 'updateProfile');
      },
      onCompleted: (response) => {
        const { errors: refusals, profile: saved } = response.updateProfile;
        if (refusals.length > 0) {
          // The typed values stay; each message goes under its field (or above the form).
          const byField: Partial<Record<ProfileField, string>> = {};
          let general: string | null = null;
          for (const refusal of refusals) {
            if (isProfileField(refusal.field)) byField[refusal.field] ??= refusal.message;
            else general ??= refusal.message;
          }
          setErrors(byField);
          setFormError(general);
          showMessage(refusals[0]!.message, 'error');
          const firstField = PROFILE_FIELDS.find((field) => byField[field]);
          if (firstField) focusField(firstField);
          return;
        }
        if (saved) setDraft(draftOf({ ...profile, ...saved }));
        setErrors({});
        showMessage(PROFILE_SAVED, 'success');
      },
      onError: (error) => {
        const message = operationErrorMessage(error) ?? SAVE_FAILED;
        setFormError(message);
        showMessage(message, 'error');
      },
    });
  };

  const text = (field: Exclude<ProfileField, 'gender' | 'info' | 'birthday'>, placeholder?: string) => (
    <FormField id={fieldId(field)} label={FIELD_LABELS[field]} error={errors[field]}>
      <Input
        {...fieldControlProps(fieldId(field), errors[field])}
        value={draft[field]}
        placeholder={placeholder}
        readOnly={!editable}
        onChange={(e) => change(field, e.target.value)}
      />
    </FormField>
  );

  const introCount = introLength(draft.info);
  const introOver = introCount > TEXT_LIMIT.profileIntro;

  return (
    <chakra.form onSubmit={submit} noValidate aria-label="个人资料" maxW="640px">
      <Stack gap="4">
        {formError ? (
          <Text role="alert" fontSize="sm" color="red.600" bg="red.50" borderRadius="md" px="4" py="2.5">
            {formError}
          </Text>
        ) : null}
        <FormRow label="用户名">
          <Text fontWeight="medium" py="2">
            {profile.userName}
          </Text>
        </FormRow>
        {text('realName')}
        <FormRow label={FIELD_LABELS.gender}>
          <HStack role="radiogroup" aria-label={FIELD_LABELS.gender} gap="6" py="2">
            {GENDER_OPTIONS.map((option) => (
              <chakra.label
                key={option.value}
                display="inline-flex"
                alignItems="center"
                gap="1.5"
                cursor={editable ? 'pointer' : 'default'}
              >
                <chakra.input
                  type="radio"
                  name="profile-gender"
                  id={`${fieldId('gender')}-${option.value}`}
                  value={option.value}
                  checked={draft.gender === option.value}
                  disabled={!editable}
                  onChange={() => change('gender', option.value)}
                  accentColor="red.600"
                  boxSize="4"
                />
                {option.label}
              </chakra.label>
            ))}
          </HStack>
        </FormRow>
        <FormField id={fieldId('birthday')} label={FIELD_LABELS.birthday} error={errors.birthday}>
          <Input
            {...fieldControlProps(fieldId('birthday'), errors.birthday)}
            type="date"
            max={today}
            min="1900-01-01"
            value={draft.birthday}
            readOnly={!editable}
            onChange={(e) => change('birthday', e.target.value)}
            maxW="16em"
          />
        </FormField>
        {text('address')}
        {text('school')}
        {text('major')}
        {text('className')}
        {text('studentId', '字母、数字和短横线')}
        <FormField
          id={fieldId('info')}
          label={FIELD_LABELS.info}
          error={errors.info}
          aside={
            <Text
              id={`${fieldId('info')}-count`}
              fontSize="sm"
              color={introOver ? 'red.500' : 'fg.muted'}
              flexShrink={0}
            >
              {`${introCount}/${TEXT_LIMIT.profileIntro}`}
            </Text>
          }
        >
          {/* No maxLength: it counts UTF-16 units and cuts Chinese IME input mid-word; the counter and the check count code points. */}
          <Input asChild h="auto" py="2" lineHeight="1.7">
            <textarea
              {...fieldControlProps(fieldId('info'), errors.info, `${fieldId('info')}-count`)}
              rows={5}
              value={draft.info}
              readOnly={!editable}
              placeholder="介绍一下自己"
              onChange={(e) => change('info', e.target.value)}
              style={{ resize: 'vertical' }}
            />
          </Input>
        </FormField>
        {editable ? (
          <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '7em 1fr' }} columnGap="4">
            <Box />
            <Box>
              <Button type="submit" colorPalette="red" loading={saving} loadingText="保存中..." px="8">
                保存
              </Button>
            </Box>
          </Box>
        ) : null}
      </Stack>
    </chakra.form>
  );
}
