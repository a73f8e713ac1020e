// Package advise suggests what a publisher can write today for a file's
// ACAP policy, and measures what those lines keep.
//
// [Signals] proposes, record by record, the closest lines of today's
// vocabularies (User-agent groups, Content-Usage, Content-Signal, an RSL
// License line) and lists what has no modern equivalent; [Apply] appends
// the proposed lines to the file's text. [KeepLose] asks the ACAP kind of
// the file as it is and the today kind of the file with the new lines the
// same questions, and says for each whether the answer was kept, lost,
// lost its restrictions or became stricter. [Signaler] and [Keeper] do
// the work of Signals and KeepLose a step at a time, with the same result,
// for a page that must keep drawing while a large policy is read.
//
// The proposals are advice to show next to a file: the policy package
// never reads them when it decides.
package advise
