package dev.hipdll.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hipdll.contract.AbiContract;
import dev.hipdll.contract.LoaderSourceParser;
import dev.hipdll.testing.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The example project ({@code examples/colibri-backend}) is a colibri backend of the first HIP era:
 * its loader resolves exactly that era's 46 required + 2 optional {@code coli_cuda_*} names (the
 * list, checked against colibri's upstream loader), its sources define exactly those
 * names, and its POM sets {@code project.build.outputTimestamp} so the demo's DLL is reproducible.
 */
class ColibriFirstHipEraAbiTest {
    /** colibri's required entry points at its first HIP loader, without the {@code coli_cuda_} prefix. */
    static final List<String> REQUIRED = List.of("init", "shutdown", "device_count", "device_at", "mem_info", "stats",
            "group_stats", "expert_mlp", "expert_group", "expert_group_issue", "expert_group_take", "attention_absorb",
            "tensor_upload", "tensor_upload_g", "matmul", "tensor_free", "tensor_bytes", "tensor_device",
            "attention_absorb_batch", "attention_absorb_batch_dev", "attention_absorb_kvdev", "attention_project_batch",
            "attention_project_ragged", "attention_project_batch_dev", "attention_project_batch_dev_out", "pipe_add",
            "pipe_alloc", "pipe_copy2d", "pipe_download", "pipe_free", "pipe_gemm", "pipe_peer_copy", "pipe_rmsnorm",
            "pipe_rmsnorm_s", "expert_group_resident_issue", "expert_group_resident_take", "pipe_router", "pipe_rope",
            "pipe_rope_base", "pipe_rows_add", "pipe_scratch", "pipe_silu_mul", "pipe_sync", "pipe_upload",
            "shared_mlp_w4a16", "tensor_update");
    static final List<String> OPTIONAL = List.of("device_integrated", "e8_set_grid");

    private static Set<String> prefixed(List<String> names) {
        return names.stream().map(n -> "coli_cuda_" + n).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void loaderResolvesTheFirstHipEraNames() throws Exception {
        AbiContract.NamedContract c = new LoaderSourceParser("coli_cuda_")
                .parse(Toolchain.exampleDir().resolve("host/backend_loader.c"));
        assertEquals(46, REQUIRED.size());
        assertEquals(prefixed(REQUIRED), new TreeSet<>(c.required()));
        assertEquals(prefixed(OPTIONAL), new TreeSet<>(c.optional()));
    }

    @Test
    void sourcesDefineExactlyThoseNames() throws Exception {
        Pattern def = Pattern.compile("COLI_CUDA_API[^;{(]*?\\b(coli_cuda_\\w+)\\s*\\(");
        Set<String> defined = new TreeSet<>();
        Path hip = Toolchain.exampleDir().resolve("src/main/hip");
        for (String f : List.of("backend_cuda.cu", "cuda_chain.cu")) {
            Matcher m = def.matcher(Files.readString(hip.resolve(f)));
            while (m.find()) {
                assertTrue(defined.add(m.group(1)), m.group(1) + " defined twice");
            }
        }
        Set<String> all = prefixed(REQUIRED);
        all.addAll(prefixed(OPTIONAL));
        assertEquals(all, defined);
    }

    @Test
    void examplePomSetsTheReproducibleBuildTimestamp() throws Exception {
        Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Toolchain.exampleDir().resolve("pom.xml").toFile()).getDocumentElement();
        NodeList ts = project.getElementsByTagName("project.build.outputTimestamp");
        assertEquals(1, ts.getLength(), "examples/colibri-backend/pom.xml has no <project.build.outputTimestamp>");
        Instant.parse(ts.item(0).getTextContent().trim()); // an ISO-8601 instant, as Maven's archetypes write it
    }
}
