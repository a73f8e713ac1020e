package help

// startPage explains the start screen: when it is shown, what each choice
// opens, how the visitor's own text is kept, and the gallery's order and
// filter.
func startPage() Page {
	return Page{
		ID:      "start",
		Title:   "The start screen",
		Summary: "What the choices of the first screen open, when it is shown, how your own text is kept, and how the gallery is ordered and filtered.",
		Sections: []Section{
			{
				Heading: "When it is shown",
				Paragraphs: []string{
					"The start screen opens on a first visit: when this browser holds no saved work of the workbench and the screen was never answered. Answering it (a choice, \"Browse the gallery\" or \"Close\") is remembered in the browser's storage, beside your work, so it does not come back by itself.",
					"A returning visitor whose work is saved goes straight to it. A shared link, a text recovered from an earlier visit or a message about the browser's storage opens on what it concerns, never on the start screen. The Start button at the top of the page brings the screen back at any time.",
				},
			},
			{
				Heading: "AI crawlers and my content",
				Paragraphs: []string{
					"Opens nytimes.com's robots.txt of January 2026 from the gallery (a group of its own for each AI crawler it refuses, as many publishers' files have today), with the simulator reading it as today's crawlers do, and shows the panel \"Build a policy\". Say yes or no for each group of crawlers and each use (search, AI training, AI answers), and write it into the file in every vocabulary at once: see \"Write a policy from what you want\".",
					"To work on your own file instead, open it (Open…, or drop it on the editor): the builder follows the file in the editor.",
				},
			},
			{
				Heading: "ACAP",
				Paragraphs: []string{
					"Opens the welcome example, a small ACAP 1.1 file, with the simulator asking as an ACAP crawler: a matrix of every ACAP usage (crawl, follow, index, preserve, present and each present-*) for the example's URLs. The Examples menu and the gallery's Implementation Guide group hold more ACAP files.",
				},
			},
			{
				Heading: "Workshop",
				Paragraphs: []string{
					"Shows the exercises: each gives a starting file and checks that turn green as you fix it, for a training session or on your own. \"Browse the gallery\" shows every example file instead.",
				},
			},
			{
				Heading: "Your own text is kept",
				Paragraphs: []string{
					"A choice that opens an example never replaces your text. When the editor holds anything but the untouched welcome example, your text moves to a tab of its own in the workspace, under its own name (or \"yours-\" and its name when the example has the same name), and a message says which tab; this holds whether you downloaded the file or not. Click the tab to go back to it.",
					"When the workspace already holds its eight files, the workbench asks before replacing. \"Workshop\", \"Browse the gallery\" and \"Close\" change no text.",
				},
			},
			{
				Heading: "Keyboard and screen readers",
				Paragraphs: []string{
					"The start screen is a dialog: the focus starts on the first choice, Tab and Shift+Tab move between the choices, Enter or Space chooses, and Escape closes it as \"Close\" does. The page behind it cannot be reached while it is shown.",
					"After a choice the focus moves to where it led: the tab of \"Build a policy\" or of the exercises, the editor for ACAP, the gallery's filter box. \"Close\" moves it to the editor, or back to the Start button when that opened the screen.",
				},
			},
			{
				Heading: "The gallery: newest first, filtered",
				Paragraphs: []string{
					"Each card is named for its file: the site for a publisher's file (nytimes.com, from today-nytimes.com_2026-01.txt), else the file's name (guide-ex-4-10), with the file's title under it. The file opens under that file name.",
					"The groups come newest first: today's AI crawlers (2026), real publishers' files (2009 to 2019, the newest first), the ACAP 1.1 Implementation Guide, and the 1996 documents.",
					"The filter box keeps the cards that contain every word you type, in their name, file, title, description or crawlers, whatever the case; the list beside it shows one group. The line under them says how many files are shown.",
				},
			},
		},
	}
}
