/**
 * All resolvers, one file per GraphQL type (Query fields grouped by page under Query/, mutations under
 * Mutation/), typed by the resolver types generated from schema.graphql (graphql/resolverTypes.ts).
 */
import type { Resolvers } from '../graphql/resolverTypes';
import { AIAnswerDone, AIAnswerEvent, AIContent, AISource } from './AI';
import { Author } from './Author';
import { Banner } from './Banner';
import { Catalogue } from './Catalogue';
import { Course } from './Course';
import { Danmaku } from './Danmaku';
import { File } from './File';
import { addNote } from './Mutation/addNote';
import { changePassword } from './Mutation/changePassword';
import { clearHistory } from './Mutation/clearHistory';
import { clipVideo } from './Mutation/clipVideo';
import { collectNote } from './Mutation/collectNote';
import { companyLogin } from './Mutation/companyLogin';
import { deleteFragment } from './Mutation/deleteFragment';
import { deleteMessage } from './Mutation/deleteMessage';
import { deleteNote } from './Mutation/deleteNote';
import { logout } from './Mutation/logout';
import { recordVisit } from './Mutation/recordVisit';
import { reportPlay } from './Mutation/reportPlay';
import { sendDanmaku } from './Mutation/sendDanmaku';
import { setVideoOperation } from './Mutation/setVideoOperation';
import { unbindAccount } from './Mutation/unbindAccount';
import { uncollectNote } from './Mutation/uncollectNote';
import { updateProfile } from './Mutation/updateProfile';
import { uploadAvatar } from './Mutation/uploadAvatar';
import { Node } from './Node';
import { CourseTag, PlayPage, PlayResume } from './PlayPage';
import { CourseProgress, VideoProgress } from './Progress';
import { Query } from './Query';
import { SearchSuggestions } from './Query/searchSuggestions';
import { Fragment, Message, Note, ViewLogEntry } from './Records';
import { AuthorHit, CatalogueSuggestion, CourseHit, KnowledgePoint, Search, TopicHit } from './Search';
import { askAI } from './Subscription/askAI';
import { Topic } from './Topic';
import { UserProfile } from './UserProfile';
import { Video } from './Video';
import { Viewer } from './Viewer';

export const resolvers = {
  Query,
  Mutation: {
    recordVisit,
    logout,
    companyLogin,
    deleteMessage,
    clearHistory,
    deleteFragment,
    deleteNote,
    uncollectNote,
    updateProfile,
    uploadAvatar,
    changePassword,
    unbindAccount,
    setVideoOperation,
    addNote,
    collectNote,
    clipVideo,
    reportPlay,
    sendDanmaku,
  },
  Subscription: {
    askAI,
  },
  File,
  Node,
  Viewer,
  UserProfile,
  Note,
  ViewLogEntry,
  Message,
  Fragment,
  Course,
  Video,
  Danmaku,
  PlayPage,
  CourseTag,
  PlayResume,
  Author,
  Topic,
  Catalogue,
  Banner,
  Search,
  CourseHit,
  TopicHit,
  AuthorHit,
  KnowledgePoint,
  CatalogueSuggestion,
  SearchSuggestions,
  CourseProgress,
  VideoProgress,
  AIAnswerEvent,
  AIAnswerDone,
  AISource,
  AIContent,
} satisfies Resolvers;
