/**
 * Word lists for generated data. Names are deliberately varied (CJK, emoji,
 * right-to-left scripts, accents) because real apps are, and a terminal UI must
 * measure and sanitize them.
 */

export const FIRST_NAMES = [
  "Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy",
  "Mallory", "Niaj", "Olivia", "Peggy", "Rupert", "Sybil", "Trent", "Victor", "Walter", "Zoë",
  "José", "Ünal", "Søren", "Chloé", "Łukasz", "Ngozi", "Aarav", "Priya", "Kenji", "Yuki",
] as const;

export const LAST_NAMES = [
  "Johnson", "Smith", "García", "Müller", "Rossi", "Kowalski", "Nakamura", "Okafor", "Silva",
  "Nguyen", "Haddad", "Cohen", "Ivanova", "Sharma", "Kim", "Dubois", "O'Brien", "Andersson",
] as const;

/** Whole names in other scripts, used as they are. */
export const UNICODE_NAMES = [
  "王伟", "李娜", "张敏", "佐藤 健", "鈴木 花子", "김민준", "이서연", "Дмитрий Петров", "Анна Смирнова",
  "محمد علي", "فاطمة الزهراء", "דוד כהן", "שרה לוי", "Νίκος Παπαδόπουλος", "अर्जुन शर्मा",
  "🦊 Fox", "Kai 🌊", "🎧 DJ Nova",
] as const;

export const GROUP_ADJECTIVES = [
  "Product", "Design", "Support", "Sales", "Engineering", "Marketing", "Growth", "Mobile",
  "Backend", "Frontend", "Weekend", "Night-shift", "Customer", "Partner", "Launch", "Infra",
  "Quality", "Data", "Security", "Ops",
] as const;

export const GROUP_NOUNS = [
  "team", "crew", "lounge", "standup", "room", "squad", "guild", "hub", "huddle", "circle",
  "war room", "book club", "chat", "hangout", "council",
] as const;

export const UNICODE_GROUP_NAMES = [
  "产品讨论组", "開発チーム", "개발팀 잡담", "فريق الدعم", "צוות מוצר", "Команда поддержки",
  "🚀 Launch crew", "☕ Coffee chat", "🎮 Game night", "Équipe créative", "Ελληνική ομάδα",
  "मार्केटिंग टीम", "Ünïcödé ✓ lounge", "🏳️‍🌈 Pride ERG", "👨‍👩‍👧 Family plan",
] as const;

/**
 * Group names as hostile or careless clients sometimes store them: terminal
 * escape sequences (SGR, OSC window title, cursor movement), C0/C1 controls,
 * bidi overrides and zero-width characters. Every app gets each of them.
 */
export const HOSTILE_GROUP_NAMES = [
  "\u001b[31;1mALERT\u001b[0m ops channel",
  "\u001b]0;pwned terminal title\u0007Title hijack",
  "\u001b[2J\u001b[HScreen wiper",
  "Bell\u0007 and back\u0008space\u0000 room",
  "C1 \u009b31m control\u0085 room",
  "\u202eevil reversed\u202c name",
  "zero\u200bwidth\u200djoined\ufeff group",
] as const;

export const DESCRIPTIONS = [
  "Where the team hangs out.", "Daily standups and blockers.", "Escalations from the help desk.",
  "Release coordination.", "Customer feedback, unfiltered.", "Anything goes (be nice).",
  "Incident bridge for on-call engineers.", "Weekly planning.", "讨论产品路线图", "サポートの相談",
  "مناقشات الفريق", "Multi-line\ndescription with a tab\there.",
] as const;

export const TAGS = [
  "vip", "beta", "support", "sales", "internal", "archived", "premium", "eu-only", "pilot",
  "community", "staff", "test",
] as const;

export const USER_ROLES = ["default", "default", "default", "moderator", "premium", "agent"] as const;

export const DEVICE_KINDS = ["web", "android", "ios", "desktop"] as const;

export const APP_NAMES = ["Acme Support", "Globex Chat", "Initech Calls", "Umbrella Health", "Hooli Meet"] as const;

/** What people write. Mixed scripts, emoji, a line break and a few hostile strings, as real chats have. */
export const MESSAGE_TEXTS = [
  "Morning! Standup in 5 minutes.", "Can someone review my pull request?", "The deploy went out, watching the dashboards.",
  "Lunch anyone?", "I'll be out tomorrow, ping me if it's urgent.", "Thanks, that fixed it 🎉", "Is the staging server down again?",
  "Meeting moved to 3pm.", "Sounds good to me 👍", "Who owns the billing service?", "Great work on the release, everyone!",
  "Customer reports the app crashes on login.", "Let me check and get back to you.", "Can we push this to next sprint?",
  "The build is green again.", "Where are the design files for the new onboarding?", "OK", "lol", "Happy birthday!! 🎂🥳",
  "Please rotate your API keys before Friday.", "Here is the agenda for the offsite.", "Did anyone see the incident report?",
  "I think we should ship it.", "Running 10 minutes late, sorry.", "Let's take this offline.", "Good night 🌙",
  "你好，明天的会议改到下午三点。", "了解しました、確認します。", "좋아요, 내일 봐요!", "مرحبا، هل الاجتماع ما زال قائما؟",
  "שלום, אני אבדוק את זה", "Привет! Посмотри, пожалуйста, мой запрос.", "Καλημέρα σε όλους", "नमस्ते, रिपोर्ट तैयार है।",
  "Ça marche, à demain !", "Grüße aus München, Straße gesperrt.", "👨‍👩‍👧 family photos are up 🏳️‍🌈", "First line\nsecond line\n\tindented",
  "\u001b[31mred alert\u001b[0m from a careless bot", "\u001b]0;title hijack\u0007 sneaky", "\u202eevil reversed\u202c text",
  "zero\u200bwidth\u200djoined\ufeff words",
] as const;

export const MESSAGE_LINKS = [
  "https://docs.example.com/runbooks/deploy", "https://github.com/acme/app/pull/4242", "https://status.example.com",
  "https://meet.example.com/standup", "http://intranet.example.com/wiki/onboarding",
] as const;

/** Attachment files by message type: [base name, extension, MIME type]. */
export const ATTACHMENT_FILES = {
  image: [["IMG", "jpg", "image/jpeg"], ["screenshot", "png", "image/png"], ["diagram", "webp", "image/webp"], ["reaction", "gif", "image/gif"]],
  file: [["report", "pdf", "application/pdf"], ["notes", "txt", "text/plain"], ["budget", "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"], ["logs", "zip", "application/zip"]],
  audio: [["voice-note", "m4a", "audio/mp4"], ["recording", "mp3", "audio/mpeg"], ["memo", "ogg", "audio/ogg"]],
  video: [["clip", "mp4", "video/mp4"], ["screen-recording", "mov", "video/quicktime"], ["demo", "webm", "video/webm"]],
} as const;

export const REACTIONS = ["👍", "❤️", "😂", "🎉", "😮", "🙏"] as const;

export const POLL_QUESTIONS = ["Pizza or sushi on Friday?", "Move the standup to 10:00?", "Which logo do you prefer?", "Ship on Monday?"] as const;

export const MEETING_TITLES = ["Sprint planning", "Design review", "1:1", "Incident retro", "Customer call"] as const;

export const CONVERSATION_TAGS = ["archived", "important", "pinned", "muted", "work"] as const;
