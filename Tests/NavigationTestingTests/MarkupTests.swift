import MicroHTTP
@testable import NavigationTesting
import Testing
import Navigation

/// The kit's reading of markup, URLs and cookies, on hand-written input.
@Suite struct MarkupTests {
    func page(_ html: String, url: String = "/here") -> BrowserPage {
        BrowserPage(url: url, status: 200, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]),
                    body: Array(html.utf8))
    }

    @Test func entitiesAndBothQuoteStylesAreRead() {
        let tokens = HTMLScanner.tokens(of: Array(#"<a href='/a?x=1&amp;y=2' title="&quot;Hi&#39;s&quot;" data-x=bare hidden>Fish &amp; chips &lt;3 &#x1F41F; &#128031; &bogus; &</a>"#.utf8))
        #expect(tokens.first == .start(name: "a", attributes: [
            HTMLAttribute(name: "href", value: "/a?x=1&y=2"), HTMLAttribute(name: "title", value: #""Hi's""#),
            HTMLAttribute(name: "data-x", value: "bare"), HTMLAttribute(name: "hidden", value: ""),
        ], selfClosing: false))
        #expect(tokens.dropFirst().first == .text("Fish & chips <3 🐟 🐟 &bogus; &"))
        #expect(tokens.last == .end(name: "a"))
    }

    @Test func commentsScriptsAndStrayBracketsDoNotBreakTheScan() {
        let html = #"<!doctype html><!-- <a href="/no">x</a> --><script>if (a < b) { "</a>" }</script><p>1 < 2<P>two</p><textarea name=t>&lt;kept&gt;</textarea>"#
        let document = HTMLDocument(Array(html.utf8))
        #expect(document.elements(named: "a").isEmpty)
        #expect(document.elements(named: "p").map { document.text(of: $0) } == ["1 < 2", "two"])
        let textarea = try! #require(document.elements(named: "textarea").first)
        #expect(document.rawText(of: textarea) == "<kept>")
    }

    @Test func linksReadTheirTextSpokenTextAndLabel() {
        let links = page(#"""
            <a class="back" href="/notes" rel="prev"><span aria-hidden="true">‹</span> Notes</a>
            <a href="/x"   >  Call
               <b>Sam</b> </a>
            <a href="/search" aria-label="Search"><span class="symbol"></span></a>
            """#).links
        #expect(links.map(\.text) == ["‹ Notes", "Call Sam", ""])
        #expect(links[0].spokenText == "Notes" && links[0].isNamed("Notes") && links[0].isNamed("‹ Notes"))
        #expect(links[2].isNamed("Search") && links[2].href == "/search")
    }

    @Test func aFormsControlsAreReadAsABrowserReadsThem() throws {
        let form = try #require(page(#"""
            <form method="post" action="/save">
              <input type="hidden" name="_token" value="t&amp;k">
              <label for="f-title">Title</label> <input id="f-title" name="title" value="Old">
              <label>Notes <textarea name="notes">
            first line</textarea></label>
              <label>Size <select name="size"><option value="s">Small</option><option value="l" selected>Large</option></select></label>
              <input type="checkbox" name="gift" aria-label="Gift">
              <input type="checkbox" name="tracked" value="yes" checked aria-label="Tracked">
              <label><input type="radio" name="speed" value="slow" checked> Slow</label>
              <label><input type="radio" name="speed" value="fast"> Fast</label>
              <input name="off" value="x" disabled>
              <button name="_action" value="draft">Save Draft</button>
              <button type="submit" class="primary"><span aria-hidden="true">✓</span> Save</button>
              <input type="submit" value="Publish" formaction="/publish">
              <button type="button">Not a submit</button>
            </form>
            """#).forms.first)
        #expect(form.method == "POST" && form.action == "/save")
        #expect(form.buttons.map(\.text) == ["Save Draft", "Save", "Publish"])
        #expect(form.value(of: "_token") == "t&k")
        #expect(form.value(of: "Title") == "Old" && form.value(of: "Notes") == "first line")
        #expect(form.value(of: "Size") == "l")
        #expect(form.value(of: "Gift") == nil && form.value(of: "Tracked") == "yes")

        let entries = { (form: PageForm, button: String) in
            form.entries(clicking: form.buttons.first { $0.text == button }).map { "\($0.0)=\($0.1)" }
        }
        #expect(entries(form, "Save") == ["_token=t&k", "title=Old", "notes=first line", "size=l", "tracked=yes", "speed=slow"])
        #expect(entries(form, "Save Draft").last == "_action=draft", "the clicked button's name and value")

        var changed = try form.setting("Title", to: "New", button: "Save")
        changed = try changed.setting("size", to: "Small", button: "Save")
        changed = try changed.setting("Gift", to: "on", button: "Save")
        changed = try changed.setting("Tracked", to: "off", button: "Save")
        changed = try changed.setting("speed", to: "fast", button: "Save")
        #expect(entries(changed, "Save") == ["_token=t&k", "title=New", "notes=first line", "size=s", "gift=on", "speed=fast"])

        #expect(throws: BrowserError.self) { try form.setting("Colour", to: "red", button: "Save") }
        #expect(throws: BrowserError.self) { try form.setting("Size", to: "Huge", button: "Save") }
        #expect(throws: BrowserError.self) { try form.setting("speed", to: "warp", button: "Save") }
    }

    /// A control belongs to the form its `form` attribute names, wherever it stands, as the
    /// Save a presented form has in its bar; one inside a form that names another leaves it.
    @Test func aControlBelongsToTheFormItsFormAttributeNames() throws {
        let forms = page(#"""
            <header><a href="/x">Cancel</a><button type="submit" form="edit" class="toolbar-item confirm">Save</button>
            <button type="submit" form="nowhere">Lost</button><button type="submit" form="note">Not a form</button></header>
            <form id="edit" method="post" action="/edit"><input name="title" value="Old" aria-label="Title">
              <input name="elsewhere" value="1" form="other" aria-label="Elsewhere"></form>
            <form id="other" method="post" action="/other"><p id="note">A paragraph.</p></form>
            """#).forms
        #expect(forms.count == 2)
        let edit = forms[0]
        #expect(edit.buttons.map(\.text) == ["Save"])
        #expect(edit.entries(clicking: edit.buttons.first).map { "\($0.0)=\($0.1)" } == ["title=Old"])
        #expect(forms[1].value(of: "elsewhere") == "1" && forms[1].buttons.isEmpty)
    }

    @Test func theScreensPartsAreReadFromTheLibrarysMarkup() {
        let shown = page(#"""
            <title>Call Sam &ndash; Notes</title>
            <nav class="tabbar"><a class="tab tab-notes" href="/notes" aria-current="page"><span class="tab-label">Notes</span></a>
            <a class="tab tab-recent" href="/recent"><span class="tab-label">Recent</span></a></nav>
            <main><h1 id="screen-title">Call Sam</h1><p class="notice" role="alert">Saved.</p></main>
            <section id="presentation" class="presentation sheet detent-medium" role="dialog">
              <h2 id="presentation-title">New Note in Work</h2></section>
            """#, url: "/notes/folder/Work?present=compose/Work")
        #expect(shown.title == "Call Sam")
        #expect(shown.documentTitle == "Call Sam &ndash; Notes", "an entity it does not know stays as written")
        #expect(shown.selectedTab == "notes")
        #expect(shown.presentation == PagePresentation(style: .sheet, title: "New Note in Work", detent: "medium"))
        #expect(shown.alerts == ["Saved."])
    }

    @Test func referencesResolveAgainstThePageAndStayOnTheSite() throws {
        let origin = "http://127.0.0.1:8080"
        #expect(try URLText.resolve("/a/b?c=d#top", against: "/x/y", origin: origin) == "/a/b?c=d")
        #expect(try URLText.resolve("?present=help", against: "/notes/1?old=1", origin: origin) == "/notes/1?present=help")
        #expect(try URLText.resolve("note/2", against: "/notes/folder/Work", origin: origin) == "/notes/folder/note/2")
        #expect(try URLText.resolve("../up", against: "/a/b/c", origin: origin) == "/a/up")
        #expect(try URLText.resolve("http://127.0.0.1:8080/there", against: "/", origin: origin) == "/there")
        #expect(try URLText.resolve("", against: "/same?q=1", origin: origin) == "/same?q=1")
        #expect(throws: BrowserError.self) { try URLText.resolve("https://evil.example/", against: "/", origin: origin) }
        #expect(throws: BrowserError.self) { try URLText.resolve("//evil.example/", against: "/", origin: origin) }
        #expect(URLText.formEncoded([("a b", "1+1=2&ü")]) == "a+b=1%2B1%3D2%26%C3%BC")
        #expect(URLText.pairs(of: "a+b=1%2B1&flag&a=second").map { "\($0.0)|\($0.1)" } == ["a b|1+1", "flag|", "a|second"])
    }

    @Test func theCookieJarKeepsCookiesAsABrowserDoes() {
        var plain = CookieJar(isSecureOrigin: false)
        plain.store(setCookie: "nav=abc; Path=/; HttpOnly; SameSite=Lax", requestPath: "/notes")
        plain.store(setCookie: "__Host-nav=def; Path=/; Secure; HttpOnly", requestPath: "/notes")
        plain.store(setCookie: "deep=1; Path=/notes", requestPath: "/notes")
        plain.store(setCookie: "local=2", requestPath: "/notes/folder/Work")
        #expect(plain.header(for: "/notes/folder/Work?x=1") == "local=2; deep=1; nav=abc")
        #expect(plain.header(for: "/notesy") == "nav=abc", "a path matches whole segments")
        plain.store(setCookie: "nav=; Path=/; Max-Age=0", requestPath: "/")
        #expect(plain.header(for: "/") == nil)

        var secure = CookieJar(isSecureOrigin: true)
        secure.store(setCookie: "__Host-nav=def; Path=/; Secure; HttpOnly", requestPath: "/notes")
        secure.store(setCookie: "__Host-bad=1; Path=/notes; Secure", requestPath: "/notes")
        #expect(secure.header(for: "/notes") == "__Host-nav=def")
    }
}
